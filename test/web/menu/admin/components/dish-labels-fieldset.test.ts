import { describe, expect, it } from 'vitest';
import { dishLabelsInput, NO_DISH_LABELS } from '../../../../../src/web/menu/admin/components/dish-labels-fieldset.tsx';

/**
 * The item form's offer price and labels (src/web/menu/admin/components/dish-labels-fieldset.tsx,
 * dishLabelsInput): the body's fields, or the problem the server would answer.
 */
describe('dishLabelsInput', () => {
  it("sends no offer ('newPrice: null' takes one away) when the field is empty, with the labels chosen", () => {
    expect(dishLabelsInput({ newPrice: '  ', tags: ['vegan'], allergens: ['nuts'] }, 12)).toEqual({ input: { newPrice: null, tags: ['vegan'], allergens: ['nuts'] } });
    expect(dishLabelsInput(NO_DISH_LABELS, undefined)).toEqual({ input: { newPrice: null, tags: [], allergens: [] } });
  });

  it('sends an offer below the price as a number', () => {
    expect(dishLabelsInput({ ...NO_DISH_LABELS, newPrice: ' 9.5 ' }, 12)).toEqual({ input: { newPrice: 9.5, tags: [], allergens: [] } });
  });

  it('refuses an offer that is not below the price', () => {
    expect(dishLabelsInput({ ...NO_DISH_LABELS, newPrice: '12' }, 12)).toEqual({ error: 'The offer price must be lower than the price' });
    expect(dishLabelsInput({ ...NO_DISH_LABELS, newPrice: '15' }, 12)).toEqual({ error: 'The offer price must be lower than the price' });
  });

  it('leaves the comparison to the server while the price field does not hold a number', () => {
    expect(dishLabelsInput({ ...NO_DISH_LABELS, newPrice: '15' }, undefined)).toEqual({ input: { newPrice: 15, tags: [], allergens: [] } });
  });

  it("refuses what is not a price with the server's message", () => {
    expect(dishLabelsInput({ ...NO_DISH_LABELS, newPrice: 'cheap' }, 12)).toEqual({ error: 'Offer price is required and must be a number' });
    expect(dishLabelsInput({ ...NO_DISH_LABELS, newPrice: '-1' }, 12)).toEqual({ error: 'Offer price must be more than 0' });
    expect(dishLabelsInput({ ...NO_DISH_LABELS, newPrice: '9.999' }, 12)).toEqual({ error: 'Offer price may have at most two decimals' });
  });
});
