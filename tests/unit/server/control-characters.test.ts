import { describe, expect, it } from 'vitest';
import { fieldWithControlCharacter } from '../../../src/server/http/control-characters';

describe('control characters in a JSON body', () => {
  it('names the first field that holds one, as zod names fields', () => {
    expect(fieldWithControlCharacter({ diners: [{ id: 'a', name: 'Ann' }], items: [{ name: 'So\u0000up' }] })).toBe('items.0.name');
    expect(fieldWithControlCharacter({ merchant: 'Caf\u001b' })).toBe('merchant');
    expect(fieldWithControlCharacter('\u007f')).toBe('body');
    expect(fieldWithControlCharacter({ a: { ['k\u0000']: 1 } })).toBe('a: a field name');
  });

  it('lets ordinary text through, tabs and line breaks included', () => {
    expect(fieldWithControlCharacter({ prompt: 'line one\nline two\r\n\tindented', name: 'Zoë 🍕', n: 3, ok: true, none: null })).toBeNull();
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    const deep = JSON.parse('['.repeat(200_000) + '"\\u0000"' + ']'.repeat(200_000));
    expect(fieldWithControlCharacter(deep)).toBe('0.'.repeat(200_000 - 1) + '0');
  });
});
