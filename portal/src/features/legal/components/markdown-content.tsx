import { Code, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { parseMarkdown, type Block, type Inline } from '../lib/markdown';

const HEADING_SIZES = { 2: 'xl', 3: 'lg', 4: 'md' } as const;

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'strong':
        return (
          <Text as="strong" key={index} fontWeight="semibold">
            <InlineNodes nodes={node.children} />
          </Text>
        );
      case 'em':
        return (
          <Text as="em" key={index} fontStyle="italic">
            <InlineNodes nodes={node.children} />
          </Text>
        );
      case 'code':
        return (
          <Code key={index} size="sm">
            {node.text}
          </Code>
        );
      case 'link':
        // Paths on this site stay in the portal; other links are ordinary links.
        return node.href.startsWith('/') ? (
          <Link asChild key={index} colorPalette="purple" variant="underline">
            <RouterLink to={node.href}>
              <InlineNodes nodes={node.children} />
            </RouterLink>
          </Link>
        ) : (
          <Link key={index} href={node.href} colorPalette="purple" variant="underline" rel="noopener noreferrer">
            <InlineNodes nodes={node.children} />
          </Link>
        );
    }
  });
}

function BlockNode({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading':
      return (
        <Heading as={`h${block.level}`} size={HEADING_SIZES[block.level]} pt="4">
          <InlineNodes nodes={block.children} />
        </Heading>
      );
    case 'paragraph':
      return (
        <Text>
          <InlineNodes nodes={block.children} />
        </Text>
      );
    case 'list':
      return (
        <List.Root as={block.ordered ? 'ol' : 'ul'} ps="6" gap="2">
          {block.items.map((item, index) => (
            <List.Item key={index}>
              <InlineNodes nodes={item} />
            </List.Item>
          ))}
        </List.Root>
      );
  }
}

/** Staff's Markdown (lib/markdown.ts) as React elements: nothing in it is ever taken as HTML. */
export function MarkdownContent({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Stack gap="4" lineHeight="tall">
      {blocks.map((block, index) => (
        <BlockNode key={index} block={block} />
      ))}
    </Stack>
  );
}
