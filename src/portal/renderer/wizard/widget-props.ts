// The contract between the wizard renderer and the widgets it hosts in a section
// (`widget: shareholderTree`): a widget edits its part of the wizard's payload and shows the
// issues found at its paths, with the item forms the bundle holds for persons and companies.
import type { Json } from '../screens-data.ts'
import type { FieldError } from '../call-operation.ts'
export interface WizardWidgetProps {
  /** The whole payload being built (the draft). */
  payload: Record<string, Json>
  /** Replaces the payload; the widget edits its own fields (shareholders, personList, companyList). */
  onChange(next: Record<string, Json>): void
  /** Issues to show: from the shared section checks or the server's VF, by dotted payload path. */
  errors: FieldError[]
  /** Keys of the rendered (overlay-applied) forms in the screens bundle for one person and one company, to render with SchemaForm. */
  personFormKey: string
  companyFormKey: string
  /** The operation whose request the wizard builds (labels live under forms:<operationId>). */
  operationId: string
}
