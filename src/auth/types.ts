// The auth module's interface, apart from the rows so the rows' file can name it without an
// import cycle.

import type {
  ForgotPasswordPayload,
  LoginPayload,
  LoginResponse,
  RefreshTokenResponse,
  RegisterSimplifiedPayload,
  UserProfileResponse,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
} from '../schemas/auth';
import type { CallOptions, LogoutOptions } from './operation';

/** The authentication area (spec 4.1). */
export interface AuthModule {
  login(payload: LoginPayload, options?: CallOptions): Promise<LoginResponse>;
  logout(options?: LogoutOptions): Promise<void>;
  getUserProfile(options?: CallOptions): Promise<UserProfileResponse>;
  refreshToken(options?: CallOptions): Promise<RefreshTokenResponse>;
  registerSimplified(payload: RegisterSimplifiedPayload, options?: CallOptions): Promise<LoginResponse>;
  forgotPassword(payload: ForgotPasswordPayload, options?: CallOptions): Promise<unknown>;
  validateDocument(
    payload: ValidateDocumentPayload,
    options?: CallOptions,
  ): Promise<ValidateDocumentResponse>;
}
