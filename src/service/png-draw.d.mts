// Types of png-draw.mjs.
export declare const fontFaces: string[];
export declare const fullFonts: string[];
export declare const cutFonts: string[];
export declare const CUT_RANGES: [number, number][];
export declare function fontsFor(svg: string): string[];
export declare function drawPng(svg: string, width: number): Buffer;
export declare function encodePng(premultiplied: Buffer, width: number, height: number): Buffer;
