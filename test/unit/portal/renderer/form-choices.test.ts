// A form's options from a dictionary (the wizard's `options`): the rows as values and names,
// grouped where the dictionary groups (industries), less what a brand overlay hides (uk hides
// industries 1-6, product-spec section 1).
import { describe, expect, it } from 'vitest'
import {
  dictionaryChoices,
  dictionaryRows,
  type ChoiceSource,
} from '../../../../src/portal/renderer/form-choices.ts'

const industries = {
  responseCode: '00',
  industryGroups: [
    {
      group: 'adult',
      label: 'Adult Related Business',
      industries: [
        { id: 1, name: 'Adult content website', group: 'adult' },
        { id: 6, name: 'Adult product retail', group: 'adult' },
      ],
    },
    {
      group: 'mainstream',
      label: 'Mainstream Company',
      industries: [{ id: 7, name: 'Advertising network', group: 'mainstream' }],
    },
  ],
}
const industrySource: ChoiceSource = {
  operation: 'industries',
  items: 'industryGroups.industries',
  value: 'id',
  label: 'name',
  group: 'group',
}

describe('dictionaryRows', () => {
  it('flattens the lists on a dotted path', () => {
    expect(dictionaryRows(industries, 'industryGroups.industries').map((r) => r.id)).toEqual([
      1, 6, 7,
    ])
  })

  it('answers no rows for a field the answer lacks', () => {
    expect(dictionaryRows({ responseCode: 'UE' }, 'countries')).toEqual([])
  })
})

describe('dictionaryChoices', () => {
  it('gives each row its value, name and group, in the dictionary order', () => {
    // Each option keeps its row besides (what a condition on the option reads).
    expect(dictionaryChoices(industries, industrySource).map(({ row: _, ...c }) => c)).toEqual([
      { value: 1, label: 'Adult content website', group: 'adult' },
      { value: 6, label: 'Adult product retail', group: 'adult' },
      { value: 7, label: 'Advertising network', group: 'mainstream' },
    ])
  })

  it('leaves out the options an overlay hides', () => {
    const choices = dictionaryChoices(industries, industrySource, [1, 2, 3, 4, 5, 6])
    expect(choices.map((choice) => choice.value)).toEqual([7])
  })

  it('takes the value and name fields the description names (countries by code)', () => {
    const countries = { countries: [{ code: 'DE', name: 'Germany', callingCode: '49' }] }
    const source = { operation: 'countries', items: 'countries', value: 'code', label: 'name' }
    expect(dictionaryChoices(countries, source)).toEqual([
      { value: 'DE', label: 'Germany', row: countries.countries[0] },
    ])
  })
})
