// Zstandard-compress files for the site (tools/vendor.py runs it for Pyodide's wasm; tools/snapshot.mjs imports it):
//   node tools/zstd.mjs <in> <out.zst> [<in> <out.zst> …]
// Level 19 with zstd's default 8 MiB window, which every decoder accepts (static/zstd.js). The
// compressor is zstd itself built to wasm (@bokuweb/zstd-wasm, pinned in package-lock.json), so
// the build needs nothing beyond Node and npm; the same input always gives the same bytes. Its
// one-call API writes no content checksum, so one is added here (withChecksum): a damaged file
// then fails to inflate, as a gzip file fails its CRC, and the page starts Python the slow way.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

export const LEVEL = 19;
const zstd = createRequire(import.meta.url)("@bokuweb/zstd-wasm");

const MASK = (1n << 64n) - 1n;
const P1 = 0x9e3779b185ebca87n;
const P2 = 0xc2b2ae3d27d4eb4fn;
const P3 = 0x165667b19e3779f9n;
const P4 = 0x85ebca77c2b2ae63n;
const P5 = 0x27d4eb2f165667c5n;
const rotl = (value, bits) => ((value << bits) | (value >> (64n - bits))) & MASK;
const round = (acc, lane) => (rotl((acc + lane * P2) & MASK, 31n) * P1) & MASK;
const merge = (acc, lane) => (((acc ^ round(0n, lane)) * P1 + P4) & MASK);

// XXH64 with seed 0, the hash a zstd frame's checksum is the low 32 bits of.
export function xxh64(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.byteLength;
  let at = 0;
  let hash;
  if (length >= 32) {
    const lanes = [(P1 + P2) & MASK, P2, 0n, (MASK + 1n - P1) & MASK];
    for (; at + 32 <= length; at += 32) {
      for (let lane = 0; lane < 4; lane++) lanes[lane] = round(lanes[lane], view.getBigUint64(at + 8 * lane, true));
    }
    hash = (rotl(lanes[0], 1n) + rotl(lanes[1], 7n) + rotl(lanes[2], 12n) + rotl(lanes[3], 18n)) & MASK;
    for (const lane of lanes) hash = merge(hash, lane);
  } else {
    hash = P5;
  }
  hash = (hash + BigInt(length)) & MASK;
  for (; at + 8 <= length; at += 8) hash = ((rotl(hash ^ round(0n, view.getBigUint64(at, true)), 27n) * P1 + P4) & MASK);
  if (at + 4 <= length) {
    hash = ((rotl(hash ^ ((BigInt(view.getUint32(at, true)) * P1) & MASK), 23n) * P2 + P3) & MASK);
    at += 4;
  }
  for (; at < length; at++) hash = (rotl(hash ^ ((BigInt(bytes[at]) * P5) & MASK), 11n) * P1) & MASK;
  hash = ((hash ^ (hash >> 33n)) * P2) & MASK;
  hash = ((hash ^ (hash >> 29n)) * P3) & MASK;
  return hash ^ (hash >> 32n);
}

// One zstd frame without a checksum, given one: the header's Content_Checksum_flag (bit 2 of the
// byte after the magic number) set, and the low 32 bits of the content's XXH64 appended.
export function withChecksum(frame, content) {
  if (frame[4] & 0b100) throw new Error("the frame has a checksum already");
  const out = new Uint8Array(frame.byteLength + 4);
  out.set(frame);
  out[4] |= 0b100;
  new DataView(out.buffer).setUint32(frame.byteLength, Number(xxh64(content) & 0xffffffffn), true);
  return out;
}

export async function compressBytes(bytes) {
  await zstd.init();
  return withChecksum(zstd.compress(bytes, LEVEL), bytes);
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
