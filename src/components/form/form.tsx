import type { ComponentProps } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { UnsavedChangesGuard } from '../unsaved-changes-guard';

type FormProps<TValues extends FieldValues, TOutput> = Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Called with the checked values; its errors are the caller's to show. */
  onSubmit: (values: TOutput) => unknown;
  /** Ask before leaving the page while the form has changes not yet saved. */
  guardUnsavedChanges?: boolean;
};

/**
 * A form whose fields find it by context. The browser's own checks are off: the schema says what is
 * wrong, in words, on the field.
 */
export function Form<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  guardUnsavedChanges = false,
  children,
  ...props
}: FormProps<TValues, TOutput>) {
  return (
    <FormProvider {...form}>
      {/* The navigation after a save passes ignoreBlocker. */}
      {guardUnsavedChanges ? <UnsavedChangesGuard when={form.formState.isDirty} /> : null}
      <form {...props} onSubmit={form.handleSubmit(onSubmit)} noValidate>
        {children}
      </form>
    </FormProvider>
  );
}
