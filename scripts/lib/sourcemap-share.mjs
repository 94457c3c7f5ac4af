/**
 * How many bytes of a minified file come from sources matching a test, read from its source map
 * (each mapping segment owns the bytes up to the next one). Used to measure the federation
 * runtime's share of what a page loads.
 */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...B64].map((c, i) => [c, i]));

function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT[char];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export function bytesBySource(code, map, test) {
  const lines = code.split('\n');
  let matched = 0;
  let source = 0;
  map.mappings.split(';').forEach((mappingLine, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    const segments = mappingLine ? mappingLine.split(',').map(decodeSegment) : [];
    let column = 0;
    const starts = segments.map((segment) => (column += segment[0]));
    segments.forEach((segment, i) => {
      if (segment.length > 1) source += segment[1];
      const end = i + 1 < starts.length ? starts[i + 1] : line.length;
      if (segment.length > 1 && test(map.sources[source] ?? '')) matched += Math.max(0, end - starts[i]);
    });
  });
  return { matched, total: code.length };
}
