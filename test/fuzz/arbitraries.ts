import fc from 'fast-check'

/** Values that break naive handlers: wrong types, huge and odd numbers, long unicode, nesting. */
export const nastyScalar = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.1 + 0.2,
    'NaN',
    'Infinity',
    '-0',
    '1e999',
    '',
    ' ',
    '\u0000',
    '\ud800',
    '💥'.repeat(500),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.integer(),
  fc.double(),
)

const nested: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value

/** A JSON body: sometimes built around the route's own field names, so validation paths get exercised. */
export function bodyFor(fieldNames: string[]) {
  const known = fieldNames.length
    ? fc.record(Object.fromEntries(fieldNames.map((k) => [k, nested])), { requiredKeys: [] })
    : fc.dictionary(fc.string({ maxLength: 8 }), nested, { maxKeys: 5 })
  return fc.oneof(known, nested)
}

/** Raw bodies that are not valid JSON, or are JSON with surprises (duplicate keys, BOM, escapes). */
export const rawBody = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    'null',
    '"str"',
    '{"name":"a","name":"b"}',
    '\ufeff{"name":"x"}',
    '{"name":"\\ud800"}',
    '{"name":"\\u0000"}',
    '1'.repeat(400),
    '{}'.repeat(100),
    `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
    '['.repeat(5000) + ']'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
)

export const pathParam = fc.oneof(
  fc.uuid(),
  fc.constantFrom('', 'x', '..', '%00', '%2F', 'null', '-1', '9'.repeat(60), 'ünïcödé'),
  fc.string({ maxLength: 50 }),
)

export const queryString = fc.dictionary(
  fc.constantFrom('id', 'email', 'limit', 'q', 'page', 'expires', 'sig', 'x'),
  fc.string({ maxLength: 30 }),
  { maxKeys: 3 },
)

export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json;charset=ISO-8859-1',
  '',
)
