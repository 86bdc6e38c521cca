import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorBaseProps = AnchorProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };
type ButtonBaseProps = ButtonProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function AnchorBase(props: AnchorBaseProps) {
  return <Anchor {...props} />;
}

function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(AnchorBase);
const CreatedButtonLink = createLink(ButtonBase);

/** A Mantine Anchor that is a router link, with the router's typed `to`, `params` and `search`. */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchorLink {...props} />;

/** A Mantine Button rendered as a router link, for navigation that looks like an action. */
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink {...props} />;
