export declare const ROOT: string;
export declare function importSources(entry: string): Promise<Record<string, unknown>>;
export declare function closeSources(): Promise<void>;
