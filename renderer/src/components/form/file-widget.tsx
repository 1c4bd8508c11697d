import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

const RjsfFileWidget = getDefaultRegistry().widgets.FileWidget!;

/**
 * RJSF's file widget, given only real files. An array field starts with empty entries (its
 * defaults); RJSF lists files without them but removes by position with them, so "Remover" would
 * drop the wrong entry and the chosen file would stay.
 */
export function FileWidget(props: WidgetProps) {
  const value = Array.isArray(props.value) ? props.value.filter(Boolean) : props.value;
  return <RjsfFileWidget {...props} value={value} />;
}
