/** Text-like file extensions worth compressing. */
export declare const COMPRESSIBLE: ReadonlySet<string>;
/** Files smaller than this are left alone. */
export declare const MIN_BYTES: number;
/** Writes `.br` and `.gz` copies beside every eligible file under `dir`; answers how many. */
export declare function precompress(dir: string): number;
