// Zstandard-compress files for the site (tools/vendor.py runs it for Pyodide's wasm; tools/snapshot.mjs imports it):
//   node tools/zstd.mjs <in> <out.zst> [<in> <out.zst> …]
// Level 19 with zstd's default 8 MiB window, which every decoder accepts (static/zstd.js). The
// compressor is zstd itself built to wasm (@bokuweb/zstd-wasm, pinned in package-lock.json), so
// the build needs nothing beyond Node and npm; the same input always gives the same bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

export const LEVEL = 19;
const zstd = createRequire(import.meta.url)("@bokuweb/zstd-wasm");

export async function compressBytes(bytes) {
  await zstd.init();
  return zstd.compress(bytes, LEVEL);
}

export async function compressFiles(pairs) {
  for (const [source, target] of pairs) writeFileSync(target, await compressBytes(readFileSync(source)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.length % 2) throw new Error("usage: node tools/zstd.mjs <in> <out.zst> …");
  const pairs = [];
  for (let i = 0; i < args.length; i += 2) pairs.push([args[i], args[i + 1]]);
  await compressFiles(pairs);
}
