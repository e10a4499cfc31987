// The browser's copy of the GET /settings field kinds (src/api/settings-shape.ts, generated) is the
// one the reply's schema and the setting declarations give now; and the declarations hold together.
import { describe, expect, it } from 'vitest';
import { settingsShape } from '../../scripts/settings-shape.ts';
import { DEFAULT_MAX_DOCUMENT_SIZE_MB, LANGUAGE_SHAPE, SETTINGS_SHAPE } from '../../src/api/settings-shape.ts';
import { settingsWithDefaults } from '../../src/api/settings-defaults.ts';
import { ALL_SETTINGS, SETTINGS, bounded, optionValues, parseSetting, storedSetting } from '../../src/domain/settings/index.ts';

describe('settings declarations', () => {
  it('the generated browser shape is current (else: npm run settings:shape)', () => {
    const now = settingsShape();
    expect(SETTINGS_SHAPE).toEqual(now.groups);
    expect(LANGUAGE_SHAPE).toEqual(now.language);
    expect(DEFAULT_MAX_DOCUMENT_SIZE_MB).toBe(now.maxDocumentMb);
  });

  it('every public setting reaches the browser under its category and name, with its kind', () => {
    const kindOf = { number: 'n', bool: 'b', list: 'l', string: 's' } as const;
    for (const s of ALL_SETTINGS.filter((x) => x.public)) {
      const group = (SETTINGS_SHAPE as Record<string, Record<string, string>>)[s.category];
      expect(group?.[s.name], `${s.category}.${s.name}`).toBe(kindOf[s.type]);
    }
  });

  it('fills what the wire leaves out with zero values and coerces config-style strings', () => {
    const s = settingsWithDefaults({
      security: { enable_register: 'true', max_document_size: '0' },
      display: { pages_per_read: '5' },
    });
    expect(s.security.enable_register).toBe(true);
    expect(s.security.is_close).toBe(false);
    expect(s.security.max_document_size).toBe(SETTINGS.security.max_document_size.default);
    expect(s.security).not.toHaveProperty('convertible_ext');
    expect(s.display.pages_per_read).toBe(5);
    expect(s.system.recommend_words).toEqual([]);
    expect(s.email.disabled).toBe(false);
  });

  it('each default survives the round trip through its stored text, inside its bounds and options', () => {
    const names = new Set<string>();
    for (const s of ALL_SETTINGS) {
      const key = `${s.category}.${s.name}`;
      expect(names.has(key), key).toBe(false);
      names.add(key);
      expect(parseSetting(s, storedSetting(s, s.default)), key).toEqual(s.default);
      if (s.bounds) expect(s.default as number, key).toBeGreaterThanOrEqual(s.bounds[0]);
      if (s.bounds) expect(s.default as number, key).toBeLessThanOrEqual(s.bounds[1]);
      if (s.input === 'select') expect(optionValues(s.options), key).toContain(s.default);
    }
  });

  it('reads a stored value by its type: unreadable numbers are the default; bounded() holds the bounds', () => {
    expect(parseSetting(SETTINGS.download.url_duration, 'x')).toBe(60);
    expect(parseSetting(SETTINGS.download.url_duration, undefined)).toBe(60);
    expect(parseSetting(SETTINGS.captcha.width, '5000')).toBe(5000);
    expect(bounded(SETTINGS.captcha.width, 5000)).toBe(600);
    expect(parseSetting(SETTINGS.security.is_close, 'true')).toBe(true);
    expect(parseSetting(SETTINGS.security.document_allowed_ext, ' .pdf, ,.doc')).toEqual(['.pdf', '.doc']);
  });
});
