import type { ComponentOf, ComponentType } from '../../../screens/contract/components.js';
import { Banner } from './banner/banner.js';
import { Button } from './button/button.js';
import { Card } from './card/card.js';
import { Form } from './form/form.js';
import { Heading } from './heading/heading.js';
import { Image } from './image/image.js';
import { KeyValue } from './key-value/key-value.js';
import { List } from './list/list.js';
import { Stepper } from './stepper/stepper.js';
import { Table } from './table/table.js';
import { Text } from './text/text.js';
import { Value } from './value/value.js';

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
};
