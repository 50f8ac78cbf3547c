/** The repository root. */
export declare const ROOT: string;
/** The hash of what `npm run build` compiles (see source-hash.js). */
export declare function sourceHash(): string;
