import { Text } from '@mantine/core';

/** Said under the title of a form page whose required fields carry a star. */
export function RequiredFieldsNote() {
  return <Text c="dimmed">Fields marked with a star are required. Everything else can be left empty.</Text>;
}
