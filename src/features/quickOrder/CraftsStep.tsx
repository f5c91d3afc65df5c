import { useEffect, useRef, useState } from "react";
import { useSelector } from "@xstate/react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { orderQueries } from "./queries.ts";
import { Img } from "../../ui/Img.tsx";
import {
  categoryOffersEmbroiderySizes as offersSizes,
  craftAsksForLogo,
  craftGroupsOfStep,
  findCraft,
  CRAFT_SEARCH_MIN,
  selectPriceTip,
  UPLOADED_FONT_ID,
  type CraftNode,
} from "../../../machines/orderEntry/selectors.ts";
import { PictureUpload } from "../upload/index.ts";
import { ConfirmDialog } from "../../ui/Dialog.tsx";

type Snap = ReturnType<OrderEntryRef["getSnapshot"]>;
type PieceEdit = Extract<Parameters<OrderEntryRef["send"]>[0], { type: "user.editPiece" }>["edit"];

const NO_PICKS = { crafts: { selected: [] as number[], texts: {} as Record<number, string> }, monogram: [] };

/**
 * PO-002: which garment piece a crafts view shows: the order's own category (`piece` undefined, as in
 * the quick and simple orders) or a further piece of the professional order, with its own picks.
 */
const picksOf = (s: Snap, piece: number | undefined) =>
  piece === undefined
    ? { crafts: s.context.crafts, monogram: s.context.monogram }
    : (s.context.pieceCrafts[piece] ?? NO_PICKS);
/** A craft or monogram edit, sent for the piece it belongs to. */
const sendEdit = (order: OrderEntryRef, piece: number | undefined, edit: PieceEdit) =>
  order.send(piece === undefined ? edit : { type: "user.editPiece", piece, edit });
/** The field id of a piece's control (the professional order's refusals name a further piece's fields so). */
const pieceField = (piece: number | undefined, what: string) => (piece === undefined ? what : `piece.${piece}.${what}`);

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
  const text = useSelector(order, (s) => picksOf(s, piece).crafts.texts[node.id] ?? "");
  // QO-038: the order shows a chosen option's surcharge as a tip for 3 s
  const tip = useSelector(order, (s) => selectPriceTip(s) === node.id);
  return (
    <li className="relative" data-craft={node.id} data-found={found || undefined}>
      {tip && (
        <span
          role="status"
          className="absolute -top-7 left-1/2 z-10 -translate-x-1/2 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white"
        >
          <Trans>
            +{node.price} for {node.name}
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
        {selected && node.price && node.price !== "0.00" && (
          <span className="text-brand-accent-dark">+{node.price}</span>
        )}
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
  const fullTree = useSelector(order, (s) =>
    piece === undefined
      ? (s.context.setup?.tree ?? NO_TREE)
      : (s.context.setup?.pieceTrees?.find((p) => p.categoryId === piece)?.tree ?? NO_TREE),
  );
  const orderCategory = useSelector(order, (s) => s.context.categoryId);
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

const NO_TREE: CraftNode[] = [];

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
  const selected = useSelector(order, (s) => picksOf(s, piece).crafts.selected);
  // A refusal naming a craft of this view (PO-025, PO-026) opens its group, so its field can be shown and focused
  const refused = useSelector(order, (s) => {
    const field = s.context.refusal?.field;
    return typeof field === "string" ? field : null;
  });
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

const selectClass = "rounded border border-slate-400 px-2 py-1.5 text-sm";

/** A choice of one monogram option; the label is also the empty choice. */
function OptionSelect(props: {
  label: string;
  options: Array<{ id: number; name: string }>;
  value: number | null;
  onPick: (option: { id: number; name: string } | null) => void;
}) {
  return (
    <select
      aria-label={props.label}
      className={selectClass}
      value={props.value ?? ""}
      onChange={(e) => {
        const option = props.options.find((o) => o.id === Number(e.target.value));
        props.onPick(option ? { id: option.id, name: option.name } : null);
      }}
    >
      <option value="">{props.label}</option>
      {props.options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}

/** QO-032..034: repeatable monogram rows; size only where sizes exist (D-12). */
function MonogramPanel({
  order,
  piece,
  categoryId,
  confirmRemove,
}: {
  order: OrderEntryRef;
  piece: number | undefined;
  categoryId: number;
  confirmRemove: boolean;
}) {
  const { t } = useLingui();
  const rows = useSelector(order, (s) => picksOf(s, piece).monogram);
  // PO-019: the row whose deletion waits for the user's confirmation
  const [removing, setRemoving] = useState<number | null>(null);
  const remove = (index: number) => sendEdit(order, piece, { type: "user.removeMonogram", index });
  const options = useQuery(orderQueries.embroidery(categoryId));
  const list = (kind: "sites" | "colors" | "fonts" | "sizes") => options.data?.[kind] ?? [];
  return (
    <div className="space-y-3">
      {rows.map((row, index) => (
        <div
          key={index}
          className="flex flex-wrap items-end gap-2 rounded border border-slate-200 p-3"
          role="group"
          aria-label={t`Monogram row ${index + 1}`}
          data-field={pieceField(piece, `monogram.${index}`)}
        >
          <OptionSelect
            label={t`Position`}
            options={list("sites")}
            value={row.site}
            onPick={(option) =>
              sendEdit(order, piece, { type: "user.pickMonogramOption", index, kind: "site", option })
            }
          />
          <OptionSelect
            label={t`Colour`}
            options={list("colors")}
            value={row.color}
            onPick={(option) =>
              sendEdit(order, piece, { type: "user.pickMonogramOption", index, kind: "color", option })
            }
          />
          <OptionSelect
            label={t`Font`}
            options={list("fonts")}
            value={row.font}
            onPick={(option) =>
              sendEdit(order, piece, { type: "user.pickMonogramOption", index, kind: "font", option })
            }
          />
          {offersSizes(categoryId) && (
            <OptionSelect
              label={t`Size`}
              options={list("sizes")}
              value={row.embSize}
              onPick={(option) =>
                sendEdit(order, piece, { type: "user.pickMonogramOption", index, kind: "size", option })
              }
            />
          )}
          {row.font !== UPLOADED_FONT_ID && (
            <input
              aria-label={t`Content`}
              placeholder={t`Content`}
              className="rounded border border-slate-400 px-2 py-1.5 text-sm"
              value={row.content}
              onChange={(e) => sendEdit(order, piece, { type: "user.setMonogramText", index, content: e.target.value })}
            />
          )}
          {/* QO-032: font 1500 is the customer's own artwork, uploaded instead of typed */}
          {row.font === UPLOADED_FONT_ID && (
            <PictureUpload
              label={t`Monogram artwork ${index + 1}`}
              value={row.file}
              fileName={row.fileName}
              onChange={(file) => sendEdit(order, piece, { type: "user.attachMonogramFile", index, file })}
            />
          )}
          <button
            type="button"
            aria-label={t`Delete monogram row ${index + 1}`}
            className="rounded px-2 py-1.5 text-red-700 hover:bg-red-50"
            onClick={() => (confirmRemove ? setRemoving(index) : remove(index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        className="rounded border border-brand px-4 py-1.5 text-sm font-semibold text-brand"
        onClick={() => sendEdit(order, piece, { type: "user.addMonogram" })}
      >
        <Trans>Add monogram</Trans>
      </button>
      {confirmRemove && (
        <ConfirmDialog
          open={removing !== null}
          testId="confirm-remove-monogram"
          title={<Trans>Delete this monogram?</Trans>}
          description={<Trans>Monogram row {(removing ?? 0) + 1} will be removed.</Trans>}
          confirmLabel={<Trans>Delete</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          destructive
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            if (removing !== null) remove(removing);
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}

/** QO-035, QO-036: contrast sites with positions and a contrast fabric (TEXT fabrics take a value). */
function ContrastPanel({ order }: { order: OrderEntryRef }) {
  const { t } = useLingui();
  const sites = useSelector(order, (s) => s.context.setup?.contrastSites ?? []);
  const picks = useSelector(order, (s) => s.context.contrast);
  if (sites.length === 0)
    return (
      <p className="text-sm text-slate-600">
        <Trans>No colour contrast for this category.</Trans>
      </p>
    );
  return (
    <div className="space-y-4">
      {sites.map((site, index) => {
        const pick = picks[index];
        if (!pick) return null;
        const fabric = site.fabrics.find((f) => f.id === pick.chooseFabric);
        return (
          <fieldset key={site.id} className="rounded border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-brand">{site.name}</legend>
            <div className="mb-2 flex flex-wrap gap-4 text-sm">
              {site.positions.map((position) => (
                <label key={position.id} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    checked={pick.positions.includes(position.id)}
                    onChange={() =>
                      order.send({ type: "user.toggleContrastPosition", site: index, position: position.id })
                    }
                  />
                  {position.name}
                </label>
              ))}
            </div>
            <div className="flex items-center gap-2">
              <select
                aria-label={t`Contrast fabric for ${site.name}`}
                className="rounded border border-slate-400 px-2 py-1.5 text-sm"
                value={pick.chooseFabric ?? ""}
                onChange={(e) =>
                  order.send({
                    type: "user.pickContrastFabric",
                    site: index,
                    fabricId: e.target.value === "" ? null : Number(e.target.value),
                  })
                }
              >
                <option value="">{t`Contrast fabric`}</option>
                {site.fabrics.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name} (+{f.price})
                  </option>
                ))}
              </select>
              {fabric?.sourceType === "TEXT" && (
                <input
                  aria-label={t`Contrast fabric for ${site.name}: value`}
                  className="rounded border border-slate-400 px-2 py-1.5 text-sm"
                  value={pick.text}
                  onChange={(e) => order.send({ type: "user.setContrastText", site: index, text: e.target.value })}
                />
              )}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
