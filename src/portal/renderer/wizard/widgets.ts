// The widgets table of the wizard (screen.schema.json, a section's widget): each a lazy chunk
// of its own, loaded when its section shows. A widget edits its part of the payload through
// WizardWidgetProps.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { WizardSection } from '../screens-data.ts'
import type { WizardWidgetProps } from './widget-props.ts'

type WidgetName = NonNullable<WizardSection['widget']>

export const wizardWidgets: Partial<
  Record<WidgetName, LazyExoticComponent<ComponentType<WizardWidgetProps>>>
> = {
  shareholderTree: lazy(() =>
    import('../widgets/shareholder-tree.tsx').then((module) => ({
      default: module.ShareholderTreeWidget,
    })),
  ),
}
