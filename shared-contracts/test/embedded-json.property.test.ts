import fc from 'fast-check';
import { embedJson, readEmbeddedJson } from '../src/client/embedded-json';

const HOSTILE = ['</script>', '</SCRIPT >', '<!--', '-->', '<script>alert(1)</script>', '\u2028', '\u2029', '</scr', 'ipt>', '&lt;', '"\\'];

/** Any JSON value, with strings often made of the pieces that could break out of a script element. */
const hostileText = fc.array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string()), { maxLength: 6 }).map((parts) => parts.join(''));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A page as the HTML parser reads it: the embedded element, then a marker after it. */
function parsePage(embedded: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body><script type="application/json" id="boot">${embedded}</script><p id="after">after</p></body>`, 'text/html');
}

test('nothing a user typed can end the element or open a comment: the page parses to the one element, which reads back what was embedded', () => {
  fc.assert(
    fc.property(json, (value) => {
      const embedded = embedJson(value);
      expect(embedded).not.toMatch(/[<\u2028\u2029]/);
      const page = parsePage(embedded);
      expect(page.querySelectorAll('script')).toHaveLength(1);
      expect(page.getElementById('after')?.textContent).toBe('after');
      expect(readEmbeddedJson(page.getElementById('boot') ? 'boot' : 'missing', page)).toEqual(value);
    }),
    { numRuns: 500 },
  );
});

test('a booking note with </script> and <!-- stays a note', () => {
  const note = 'Please ring twice </script><script>alert(1)</script> <!-- and -->';
  const page = parsePage(embedJson({ bookings: [{ note }] }));
  expect(page.querySelectorAll('script')).toHaveLength(1);
  expect(readEmbeddedJson<{ bookings: Array<{ note: string }> }>('boot', page)?.bookings[0]?.note).toBe(note);
});

test('no element, or one that is not JSON, reads as undefined', () => {
  expect(readEmbeddedJson('boot', parsePage(''))).toBeUndefined();
  expect(readEmbeddedJson('boot', parsePage('{not json'))).toBeUndefined();
  expect(readEmbeddedJson('missing', parsePage('{}'))).toBeUndefined();
});
