export declare const CHROMIUM_ARGS: string[];
export declare function launchOptions(): { executablePath: string; headless: true; args: string[] };
