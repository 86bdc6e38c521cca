import type { ComponentProps } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { UnsavedChangesGuard } from '../unsaved-changes-guard';
import { showSubmitFailure } from './field-errors';

type FormProps<TValues extends FieldValues, TOutput> = Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /**
   * Called with the checked values; the form is busy until what it returns settles. What it throws is
   * shown: a refusal's problems on the fields that show them, the rest (or an Error's message) at the
   * form's root, which FormFailureAlert says.
   */
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
  const submit = async (values: TOutput) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showSubmitFailure(form, error);
    }
  };
  return (
    <FormProvider {...form}>
      {/* The navigation after a save passes ignoreBlocker. */}
      {guardUnsavedChanges ? <UnsavedChangesGuard when={form.formState.isDirty} /> : null}
      <form {...props} onSubmit={form.handleSubmit(submit)} noValidate>
        {children}
      </form>
    </FormProvider>
  );
}
