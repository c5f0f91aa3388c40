// A table that scrolls sideways when the page is narrower than its columns need, reachable by
// the keyboard (issue 16 item 6): the scrolling region takes focus, so arrow keys scroll it,
// and is named, so a screen reader says what it holds (a group: the section around it is
// the region of that name).
import type { ReactNode } from 'react'
import { Table } from '@mantine/core'

export function ScrollTable(props: {
  /** The width below which the table scrolls. */
  minWidth: number
  /** What the table holds, said when the region takes focus. */
  label: string
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'
  children: ReactNode
}) {
  return (
    <Table.ScrollContainer
      minWidth={props.minWidth}
      visibleFrom={props.visibleFrom}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'group', 'aria-label': props.label },
      }}
    >
      {props.children}
    </Table.ScrollContainer>
  )
}
