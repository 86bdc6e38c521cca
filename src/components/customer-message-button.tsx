import { Button, CopyButton, Group, Modal, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';

/**
 * "Copy for the customer": a record's status as a short message (`compose` writes it), previewed and open to
 * a change of words before it is copied for an email or a chat.
 */
export function CustomerMessageButton({ compose }: { compose: () => string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [message, setMessage] = useState('');
  const openPreview = () => {
    // Written afresh each time: the record may have moved since the last look.
    setMessage(compose());
    open();
  };
  return (
    <>
      <Button variant="default" onClick={openPreview}>
        Copy for the customer
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Message for the customer"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close the message' }}
      >
        <Text size="sm" c="dimmed" mb="xs">
          Plain words, no warehouse codes. Change anything before you copy it.
        </Text>
        <Textarea
          label="Message"
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          autosize
          minRows={6}
          maxRows={16}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <CopyButton value={message} timeout={2500}>
            {({ copied, copy }) => (
              <Button color={copied ? 'teal' : undefined} onClick={copy} aria-live="polite">
                {copied ? 'Copied' : 'Copy message'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Modal>
    </>
  );
}
