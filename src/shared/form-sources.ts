// What a rendered form's fields take from dictionaries, as codegen writes it into the screens
// bundle (codegen/wizard-forms.ts) and the portal's renderer reads it (renderer/screens-data.ts).

/** Where a form's options come from: a dictionary operation and the fields of its rows. */
export interface ChoiceSource {
  operation: string
  /** The answer's field holding the rows; a dotted path flattens nested lists. */
  items: string
  value: string
  label: string
  group?: string
  /** Only the rows whose fields equal these values (a category's document types). */
  where?: Record<string, unknown>
}

/** Options from a list of the row a form was opened for (a document's documentTypes). */
export interface RowChoiceSource {
  /** The row's field holding the rows. */
  row: string
  value: string
  label: string
  where?: Record<string, unknown>
}

/** A tax-id field whose country is in another field (the tax-id table's row names it). */
export interface TaxIdHint {
  field: string
  country: string
  kind: 'personal' | 'business'
  source: ChoiceSource
}
