import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate } from './play-templates.js';

describe('play templates', () => {
  it('finds the placeholders and renders them from a record', () => {
    expect(parseTemplate('Hi {{ account.name }} ({{account.plan}})')).toEqual({
      references: [
        { entity: 'account', column: 'name' },
        { entity: 'account', column: 'plan' },
      ],
    });
    expect(
      renderTemplate('Hi {{ account.name }}, {{account.mrr}} {{account.gone}}', {
        name: 'Acme',
        mrr: 12.5,
      }),
    ).toBe('Hi Acme, 12.5 ');
  });

  it('refuses what is not a field or not balanced', () => {
    expect(parseTemplate('{{name}}')).toHaveProperty('error');
    expect(parseTemplate('{{account.name')).toHaveProperty('error');
    expect(parseTemplate('account.name}}')).toHaveProperty('error');
  });
});
