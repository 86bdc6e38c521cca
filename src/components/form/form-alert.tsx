import { Alert, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Problems that belong to no field, with the reassurance that nothing typed was lost. */
export function FormAlert({
  title,
  messages,
  children,
}: {
  title: string;
  messages: string[];
  children?: ReactNode;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      {messages.length === 1 ? (
        <Text size="sm">{messages[0]}</Text>
      ) : (
        <List size="sm">
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
      {children}
      <Text size="sm" mt="xs">
        Your entries are kept in the form.
      </Text>
    </Alert>
  );
}
