import { PamError, type PamErrorOptions } from './base';

/**
 * The client's options cannot work, found when the client is created: e.g. a relative
 * `baseURL` outside a browser, or a `timeout` that is not a positive number.
 *
 * @example
 * createOfetchAdapter({ baseURL: '/api' }); // in Node: throws ConfigurationError ('configuration')
 */
export class ConfigurationError extends PamError {
  declare readonly code: 'configuration';
  constructor(message: string, options?: PamErrorOptions) {
    super('configuration', message, options);
    this.name = 'ConfigurationError';
  }
}

/**
 * The token store (or `getAccessToken`) failed, or gave a token that cannot be sent (not a
 * valid header value). Nothing was sent. Its `cause` names the original error's class only: a
 * store's message could quote what it holds.
 *
 * @example
 * catch (e) { if (isPamError(e) && e.code === 'storage') showStorageHelp(); }
 */
export class StorageError extends PamError {
  declare readonly code: 'storage';
  constructor(message: string, options?: PamErrorOptions) {
    super('storage', message, options);
    this.name = 'StorageError';
  }
}
