import { useEffect, useRef, useState } from "react";
import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { Img } from "../../ui/Img.tsx";
import { Money, useFormatMoney } from "../../ui/Money.tsx";
import {
  craftAsksForLogo,
  craftGroupsOfStep,
  findCraft,
  CRAFT_SEARCH_MIN,
  surchargeOf,
  selectPriceTip,
  selectCategoryId,
  selectPiecePicks,
  selectPieceCraftTree,
  type CraftNode,
} from "../../../machines/orderEntry/selectors.ts";
import { PictureUpload } from "../upload/index.ts";
import { pieceField, sendEdit } from "./pieceEdits.ts";
import { selectRefusedField } from "../../../machines/orderEntry/feedback.selectors.ts";
import { MonogramPanel } from "./MonogramPanel.tsx";
import { ContrastPanel } from "./ContrastPanel.tsx";

function OptionTile({
  node,
  order,
  selected,
  piece,
  found = false,
}: {
  node: CraftNode;
  order: OrderEntryRef;
  selected: boolean;
  piece?: number;
  /** PO-018: the option the craft search found. */
  found?: boolean;
}) {
  const { t } = useLingui();
  const formatMoney = useFormatMoney();
  const text = useSelector(order, (s) => selectPiecePicks(s, piece).crafts.texts[node.id] ?? "");
  // QO-038: the order shows a chosen option's surcharge as a tip for 3 s
  const tip = useSelector(order, (s) => selectPriceTip(s) === node.id);
  const price = surchargeOf(node);
  const surcharge = price ? formatMoney(price, { signed: true }) : "";
  const { name } = node;
  return (
    <li className="relative" data-craft={node.id} data-found={found || undefined}>
      {tip && (
        <span
          role="status"
          className="absolute -top-7 left-1/2 z-10 -translate-x-1/2 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white"
        >
          <Trans>
            {surcharge} for {name}
          </Trans>
        </span>
      )}
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => sendEdit(order, piece, { type: "user.toggleOption", id: node.id })}
        title={craftAsksForLogo(node) ? t`Please send your logo to your account manager` : undefined}
        className={`flex w-full flex-col items-center gap-1 rounded border p-2 text-center text-xs ${selected ? "border-brand ring-2 ring-brand" : "border-slate-300 hover:border-brand"} ${found ? "bg-amber-50 outline-2 outline-offset-2 outline-amber-500" : ""}`}
      >
        {node.imagePath && <Img src={node.imagePath} alt="" className="h-16 w-16 object-contain" />}
        <span className="font-medium text-slate-900">{node.name}</span>
        {/* QO-030: the price once selected */}
        {selected && price && <Money {...price} signed className="text-brand-accent-dark" />}
      </button>
      {/* FILE options take an uploaded picture (API-009..012) */}
      {selected && node.sourceType === "FILE" && (
        <div className="mt-1" data-field={pieceField(piece, `craft.${node.id}`)}>
          <PictureUpload
            label={t`${node.name} picture`}
            value={text || null}
            onChange={(file) =>
              sendEdit(order, piece, { type: "user.attachFile", id: node.id, file: file?.id ?? null })
            }
          />
        </div>
      )}
      {/* QO-031: TEXT options take a value */}
      {selected && node.sourceType === "TEXT" && (
        <input
          aria-label={t`${node.name} text`}
          data-field={pieceField(piece, `craft.${node.id}`)}
          className="mt-1 w-full rounded border border-slate-400 px-2 py-1 text-xs"
          value={text}
          onChange={(e) => sendEdit(order, piece, { type: "user.setText", id: node.id, value: e.target.value })}
        />
      )}
    </li>
  );
}

/**
 * QO-027..037: craft groups, then Monogram and Colour contrast; every entry shows its current selections.
 * `groups` picks which craft groups show (the simple order splits them over its steps 1 and 2, D-10);
 * `extras` shows the Monogram and Colour contrast entries.
 */
export function CraftsStep({
  order,
  groups = "all",
  extras = true,
  piece,
  contrast = extras,
  search = false,
  confirmRemove = false,
}: {
  order: OrderEntryRef;
  groups?: "all" | "first" | "rest";
  extras?: boolean;
  /** PO-002: a further garment piece of the professional order (its own tree, crafts and monogram rows). */
  piece?: number;
  /** The Colour contrast entry (with `extras`; a further piece has none). */
  contrast?: boolean;
  /** PO-018: a craft search that opens the group of the first option found. */
  search?: boolean;
  /** PO-019: deleting a monogram row asks for confirmation. */
  confirmRemove?: boolean;
}) {
  const { t } = useLingui();
  const fullTree = useSelector(order, (s) => selectPieceCraftTree(s, piece));
  const orderCategory = useSelector(order, selectCategoryId);
  const categoryId = piece ?? orderCategory;
  const tree = craftGroupsOfStep(fullTree, groups, categoryId);
  const [openEntry, setOpenEntry] = useState<number | "monogram" | "contrast">(tree[0]?.id ?? "monogram"); // QO-090
  const [found, setFound] = useState<number | null>(null);
  return (
    <>
      {search && (
        <CraftSearch
          tree={tree}
          onFound={(group, option) => {
            setOpenEntry(group);
            setFound(option);
          }}
        />
      )}
      <CraftsPanels
        order={order}
        tree={tree}
        extras={extras}
        contrast={contrast}
        piece={piece}
        categoryId={categoryId}
        confirmRemove={confirmRemove}
        found={found}
        openEntry={openEntry}
        setOpenEntry={setOpenEntry}
        labels={{ groups: t`Craft groups`, monogram: t`Monogram`, contrast: t`Colour contrast`, options: t`Options` }}
      />
    </>
  );
}

/** The craft is an option somewhere below the node. */
const containsCraft = (node: CraftNode, id: number): boolean =>
  node.children.some((c) => c.id === id || containsCraft(c, id));

/** PO-018: from 2 typed characters, the first option whose name contains them: its group opens and the option is focused. */
function CraftSearch({ tree, onFound }: { tree: CraftNode[]; onFound: (group: number, option: number) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const found = findCraft(tree, text);
  return (
    <div className="mb-4 flex items-center gap-3">
      <input
        type="search"
        aria-label={t`Search crafts`}
        placeholder={t`Search crafts (2 characters or more)`}
        className="w-80 rounded border border-slate-400 px-3 py-1.5 text-sm"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const hit = findCraft(tree, e.target.value);
          if (hit) onFound(hit.group.id, hit.option.id);
        }}
      />
      {text.trim().length >= CRAFT_SEARCH_MIN && !found && (
        <span className="text-sm text-slate-600" role="status">
          <Trans>No craft found</Trans>
        </span>
      )}
    </div>
  );
}

type Entry = number | "monogram" | "contrast";

function CraftsPanels(props: {
  order: OrderEntryRef;
  tree: CraftNode[];
  extras: boolean;
  contrast: boolean;
  piece: number | undefined;
  categoryId: number;
  confirmRemove: boolean;
  /** PO-018: the option the craft search found (focused once its group shows). */
  found: number | null;
  openEntry: Entry;
  setOpenEntry: (e: Entry) => void;
  labels: { groups: string; monogram: string; contrast: string; options: string };
}) {
  const { order, tree, openEntry, setOpenEntry, piece } = props;
  const selected = useSelector(order, (s) => selectPiecePicks(s, piece).crafts.selected);
  // A refusal naming a craft of this view (PO-025, PO-026) opens its group, so its field can be shown and focused
  const refused = useSelector(order, selectRefusedField);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const prefix = pieceField(piece, "craft.");
    if (!refused?.startsWith(prefix)) return;
    const id = Number(refused.slice(prefix.length));
    const group = tree.find((g) => g.id === id || containsCraft(g, id));
    if (group && group.id !== openEntry) setOpenEntry(group.id);
  }, [refused, piece, tree, openEntry, setOpenEntry]);
  useEffect(() => {
    if (props.found === null) return;
    list.current?.querySelector<HTMLElement>(`[data-craft="${props.found}"]`)?.scrollIntoView({ block: "nearest" });
  }, [props.found, openEntry]);
  const chosen = new Set(selected);
  const group = tree.find((g) => g.id === openEntry);
  const summary = (g: CraftNode) =>
    g.children
      .filter((c) => chosen.has(c.id))
      .map((c) => c.name)
      .join(", ");
  return (
    <div className="grid grid-cols-[260px_1fr] gap-6">
      <ul className="space-y-1" aria-label={props.labels.groups}>
        {tree.map((g) => (
          <li key={g.id}>
            <button
              type="button"
              aria-current={openEntry === g.id ? "true" : undefined}
              onClick={() => setOpenEntry(g.id)}
              className={`w-full rounded px-3 py-2 text-left text-sm ${openEntry === g.id ? "bg-brand text-white" : "hover:bg-slate-100"}`}
            >
              <span className="block font-semibold">{g.name}</span>
              <span className={`block truncate text-xs ${openEntry === g.id ? "text-slate-100" : "text-slate-600"}`}>
                {summary(g) || "—"}
              </span>
            </button>
          </li>
        ))}
        {props.extras && (
          <li>
            <button
              type="button"
              aria-current={openEntry === "monogram" ? "true" : undefined}
              onClick={() => setOpenEntry("monogram")}
              className={`w-full rounded px-3 py-2 text-left text-sm font-semibold ${openEntry === "monogram" ? "bg-brand text-white" : "hover:bg-slate-100"}`}
            >
              {props.labels.monogram}
            </button>
          </li>
        )}
        {props.extras && props.contrast && (
          <li>
            <button
              type="button"
              aria-current={openEntry === "contrast" ? "true" : undefined}
              onClick={() => setOpenEntry("contrast")}
              className={`w-full rounded px-3 py-2 text-left text-sm font-semibold ${openEntry === "contrast" ? "bg-brand text-white" : "hover:bg-slate-100"}`}
            >
              {props.labels.contrast}
            </button>
          </li>
        )}
      </ul>
      <div ref={list}>
        {group && (
          <>
            <h2 className="mb-3 text-lg font-semibold text-brand">{group.name}</h2>
            <ul className="grid grid-cols-5 gap-3" aria-label={props.labels.options}>
              {group.children.map((node) => (
                <OptionTile
                  key={node.id}
                  node={node}
                  order={order}
                  piece={piece}
                  found={props.found === node.id}
                  selected={chosen.has(node.id)}
                />
              ))}
            </ul>
            {group.children
              .filter((c) => chosen.has(c.id) && c.children.length > 0)
              .map((c) => (
                <div key={c.id} className="mt-5">
                  <h3 className="mb-2 text-sm font-semibold text-slate-800">{c.name}</h3>
                  <ul className="grid grid-cols-5 gap-3">
                    {c.children.map((node) => (
                      <OptionTile
                        key={node.id}
                        node={node}
                        order={order}
                        piece={piece}
                        found={props.found === node.id}
                        selected={chosen.has(node.id)}
                      />
                    ))}
                  </ul>
                </div>
              ))}
          </>
        )}
        {props.extras && openEntry === "monogram" && (
          <MonogramPanel
            order={order}
            piece={piece}
            categoryId={props.categoryId}
            confirmRemove={props.confirmRemove}
          />
        )}
        {props.extras && props.contrast && openEntry === "contrast" && <ContrastPanel order={order} />}
      </div>
    </div>
  );
}
