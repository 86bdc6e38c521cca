import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

const blockEveryNavigation = () => true;

/**
 * While `when` holds (a form with changes not yet saved), leaving the page asks first: links, the header
 * search and Back get this dialog, closing or reloading the tab gets the browser's own prompt. The
 * navigation that follows a successful save passes `ignoreBlocker: true`.
 */
export function UnsavedChangesGuard({
  when,
  title = 'Leave without saving?',
  lost = 'The changes in this form have not been saved. If you leave this page, they are lost.',
  leave = 'Leave and discard changes',
}: {
  when: boolean;
  /** For a page that is not a form: what the dialog asks, what leaving loses, and its button. */
  title?: string;
  lost?: string;
  leave?: string;
}) {
  const blocker = useBlocker({ shouldBlockFn: blockEveryNavigation, disabled: !when, withResolver: true });
  const stay = () => blocker.reset?.();
  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={stay}
      title={title}
      centered
      withCloseButton={false}
    >
      <Text size="sm">{lost}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={stay} data-autofocus>
          Stay on this page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {leave}
        </Button>
      </Group>
    </Modal>
  );
}
