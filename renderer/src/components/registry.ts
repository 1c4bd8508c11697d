import type { ComponentOf, ComponentType } from '../../../screens/contract/components.js';
import { Banner } from './banner/banner.js';
import { BarChart } from './bar-chart/bar-chart.js';
import { BottomNav } from './bottom-nav/bottom-nav.js';
import { Chips } from './chips/chips.js';
import { EmptyState } from './empty-state/empty-state.js';
import { Shortcuts } from './shortcuts/shortcuts.js';
import { Skeleton } from './skeleton/skeleton.js';
import { Pending } from './pending/pending.js';
import { StatusPill } from './status-pill/status-pill.js';
import { Summary } from './summary/summary.js';
import { ThemePreview } from './theme-preview/theme-preview.js';
import { LazyTableEditor } from './table-editor/lazy-table-editor.js';
import { Timeline } from './timeline/timeline.js';
import { Button } from './button/button.js';
import { Card } from './card/card.js';
import { Conversation } from './conversation/conversation.js';
import { Form } from './form/form.js';
import { Heading } from './heading/heading.js';
import { Image } from './image/image.js';
import { KeyValue } from './key-value/key-value.js';
import { List } from './list/list.js';
import { Stepper } from './stepper/stepper.js';
import { Table } from './table/table.js';
import { Text } from './text/text.js';
import { Value } from './value/value.js';
import { Columns } from './columns/columns.js';
import { Group } from './group/group.js';
import { Nav } from './nav/nav.js';
import { DataTable } from './data-table/data-table.js';

export type Drawer<T extends ComponentType> = (props: { node: ComponentOf<T> }) => React.ReactNode;

/** Component type → small dumb component; the type checker keeps it complete for the contract. */
export const REGISTRY: { [T in ComponentType]: Drawer<T> } = {
  heading: Heading,
  text: Text,
  value: Value,
  'key-value': KeyValue,
  button: Button,
  card: Card,
  list: List,
  banner: Banner,
  form: Form,
  stepper: Stepper,
  image: Image,
  table: Table,
  conversation: Conversation,
  shortcuts: Shortcuts,
  chips: Chips,
  'status-pill': StatusPill,
  summary: Summary,
  timeline: Timeline,
  'empty-state': EmptyState,
  skeleton: Skeleton,
  pending: Pending,
  'bottom-nav': BottomNav,
  'theme-preview': ThemePreview,
  'table-editor': LazyTableEditor,
  columns: Columns,
  group: Group,
  nav: Nav,
  'data-table': DataTable,
  'bar-chart': BarChart,
};
