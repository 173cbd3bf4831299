import * as React from "react";
import { ChevronDownIcon } from "lucide-react";
import { Accordion as AccordionPrimitive } from "radix-ui";

import { cn } from "~/lib/utils";

/*
 * shadcn/ui Accordion, adapted for prerendered pages: Radix mounts a panel's children only while
 * it is open, so closed answers would be missing from the static HTML that crawlers read. Here
 * Radix keeps the state, ARIA and keyboard behaviour (arrow keys, Home, End) of the root, items
 * and triggers, while every panel is always rendered and shown or hidden with CSS from its item's
 * data-state. A closed panel is `visibility: hidden`, so it is out of the tab order and the
 * accessibility tree, yet its text is in the HTML.
 */

const ItemIdsContext = React.createContext<{ triggerId: string; contentId: string } | null>(null);

function useItemIds(component: string) {
  const ids = React.useContext(ItemIdsContext);
  if (!ids) throw new Error(`${component} must be used within an AccordionItem.`);
  return ids;
}

function Accordion(props: React.ComponentProps<typeof AccordionPrimitive.Root>) {
  return <AccordionPrimitive.Root data-slot="accordion" {...props} />;
}

function AccordionItem({ className, ...props }: React.ComponentProps<typeof AccordionPrimitive.Item>) {
  const id = React.useId();
  const ids = React.useMemo(() => ({ triggerId: `${id}trigger`, contentId: `${id}content` }), [id]);
  return (
    <ItemIdsContext.Provider value={ids}>
      <AccordionPrimitive.Item
        data-slot="accordion-item"
        className={cn("group/accordion-item border-b last:border-b-0", className)}
        {...props}
      />
    </ItemIdsContext.Provider>
  );
}

function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
  ...props
}: React.ComponentProps<typeof AccordionPrimitive.Trigger> & {
  /** Level of the heading that wraps the trigger; match the page's outline (default h3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}) {
  const { triggerId, contentId } = useItemIds("AccordionTrigger");
  const Heading = `h${headingLevel}` as const;
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="flex">
        <AccordionPrimitive.Trigger
          data-slot="accordion-trigger"
          id={triggerId}
          aria-controls={contentId}
          className={cn(
            "flex flex-1 items-start justify-between gap-4 rounded-md py-4 text-left text-sm font-medium transition-all outline-none hover:underline focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&[data-state=open]>svg]:rotate-180",
            className,
          )}
          {...props}
        >
          {children}
          <ChevronDownIcon
            aria-hidden="true"
            className="pointer-events-none size-4 shrink-0 translate-y-0.5 text-muted-foreground transition-transform duration-200 motion-reduce:transition-none"
          />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

function AccordionContent({ className, children, ...props }: React.ComponentProps<"div">) {
  const { triggerId, contentId } = useItemIds("AccordionContent");
  return (
    <div
      data-slot="accordion-content"
      id={contentId}
      role="region"
      aria-labelledby={triggerId}
      // Height animates through the grid-rows trick; visibility flips at the end of a close.
      className="invisible grid grid-rows-[0fr] text-sm transition-[grid-template-rows,visibility] duration-200 ease-out group-data-[state=open]/accordion-item:visible group-data-[state=open]/accordion-item:grid-rows-[1fr] motion-reduce:transition-none"
      {...props}
    >
      <div className="min-h-0 overflow-hidden">
        <div className={cn("pt-0 pb-4", className)}>{children}</div>
      </div>
    </div>
  );
}

export { Accordion, AccordionContent, AccordionItem, AccordionTrigger };
