/**
 * The flows `/flows` lists: every machine of the product by its flow, with a short description in
 * both languages and, for the simulator, the input a sandbox actor starts from. The machines still to
 * come (balance distribution, shipment creation) are listed without a machine until they exist.
 */
import type { AnyStateMachine } from "xstate";
import type { Bilingual } from "../../../machines/flowLabels.ts";
import { sessionMachine } from "../../../machines/session/session.machine.ts";
import { calculatorMachine } from "../../../machines/calculator/calculator.machine.ts";
import { shipmentCreationMachine } from "../../../machines/shipmentCreation/shipmentCreation.machine.ts";
import { quickOrderMachine } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { newOrderMachine } from "../../../machines/newOrder/newOrder.machine.ts";
import { styleOrderMachine } from "../../../machines/styleOrder/styleOrder.machine.ts";
import { professionalOrderMachine } from "../../../machines/professionalOrder/professionalOrder.machine.ts";
import { priceMachine } from "../../../machines/shared/price/price.machine.ts";
import { uploadMachine } from "../../../machines/shared/upload/upload.machine.ts";
import { submitQueueMachine } from "../../../machines/submitQueue/submitQueue.machine.ts";
import { cartItemMachine } from "../../../machines/cartItem/cartItem.machine.ts";
import { saveItemsMachine } from "../../../machines/saveItems/saveItems.machine.ts";
import { balanceDistributionMachine } from "../../../machines/balanceDistribution/balanceDistribution.machine.ts";

export type FlowGroup = "orders" | "cart" | "shell" | "shared" | "planned";

export interface FlowEntry {
  /** The machine's id, also the page's address (`/flows/<id>`). */
  id: string;
  group: FlowGroup;
  title: Bilingual;
  description: Bilingual;
  /** Absent for a flow still to come. */
  machine?: AnyStateMachine;
  /** The input a sandbox actor of the simulator starts from. */
  input?: unknown;
  /** A card machine: every state and transition must be walked by a tour (tests/unit/flowCoverage.test.ts). */
  card: boolean;
}

export const FLOWS: readonly FlowEntry[] = [
  {
    id: "quickOrder",
    group: "orders",
    title: { en: "Quick order", zh: "快速下单" },
    description: {
      en: "Three steps: customer and fabric, crafts, measurements; then save to the cart or submit.",
      zh: "三步：客户与面料、工艺、尺寸；然后加入购物车或提交。",
    },
    machine: quickOrderMachine,
    input: {},
    card: true,
  },
  {
    id: "newOrder",
    group: "orders",
    title: { en: "Simple order", zh: "简单下单" },
    description: {
      en: "Four steps: fabric, crafts, base style, customer and measurements.",
      zh: "四步：面料、工艺、基础款式、客户与尺寸。",
    },
    machine: newOrderMachine,
    input: {},
    card: false,
  },
  {
    id: "professionalOrder",
    group: "orders",
    title: { en: "Professional order", zh: "专业下单" },
    description: {
      en: "One page: pieces, crafts and measurements, checked in the documented order on save and submit.",
      zh: "单页：各件、工艺与尺寸，保存和提交时按规定顺序检查。",
    },
    machine: professionalOrderMachine,
    input: {},
    card: true,
  },
  {
    id: "styleOrder",
    group: "orders",
    title: { en: "Style order", zh: "款式下单" },
    description: {
      en: "A style with its fabric and crafts bought, then the customer and measurements.",
      zh: "先购买款式（面料与工艺），再填写客户与尺寸。",
    },
    machine: styleOrderMachine,
    input: {},
    card: true,
  },
  {
    id: "saveItems",
    group: "cart",
    title: { en: "Saved items", zh: "购物车" },
    description: {
      en: "Choose orders in the cart and pay them: checkout is refused without a selection or enough balance.",
      zh: "在购物车中选择订单并支付：未选择或余额不足时拒绝结算。",
    },
    machine: saveItemsMachine,
    input: { rows: [] },
    card: false,
  },
  {
    id: "submitQueue",
    group: "cart",
    title: { en: "Submission queue", zh: "提交队列" },
    description: {
      en: "The chosen orders paid one at a time, each with its own idempotency key, then the receipt.",
      zh: "逐个支付所选订单（每个订单有自己的幂等键），然后显示回执。",
    },
    machine: submitQueueMachine,
    input: {
      orders: [{ id: 1, code: "A-1", priceCents: 10000 }],
      balanceBeforeCents: 50000,
      moneyType: 1,
    },
    card: true,
  },
  {
    id: "cartItem",
    group: "cart",
    title: { en: "Cart card", zh: "购物车卡片" },
    description: {
      en: "One card of the cart: the quantity saved after a pause, the add-product, delete.",
      zh: "购物车中的一张卡片：停顿后保存数量、附加产品、删除。",
    },
    machine: cartItemMachine,
    input: { orderId: "1", amount: 1, addProduct: 0, isEdit: true, price: "100.00" },
    card: false,
  },
  {
    id: "session",
    group: "shell",
    title: { en: "Session", zh: "会话" },
    description: {
      en: "Sign-in, the token kept fresh, the menu's authorities, sign-out.",
      zh: "登录、令牌刷新、菜单权限、退出。",
    },
    machine: sessionMachine,
    input: { restored: null },
    card: true,
  },
  {
    id: "calculator",
    group: "shell",
    title: { en: "Price calculator", zh: "价格计算器" },
    description: {
      en: "Order method, category, fabric and lining, then the price.",
      zh: "下单方式、品类、面料和里布，然后计算价格。",
    },
    machine: calculatorMachine,
    card: false,
  },
  {
    id: "price",
    group: "shared",
    title: { en: "Price tip", zh: "价格提示" },
    description: {
      en: "The fabric's and the order's price asked again 1000 ms after the last change.",
      zh: "最后一次修改 1000 毫秒后重新询价（面料与订单）。",
    },
    machine: priceMachine,
    input: { categoryId: 1, source: "sys", code: "" },
    card: false,
  },
  {
    id: "upload",
    group: "shared",
    title: { en: "Upload", zh: "上传" },
    description: { en: "A picture checked, then uploaded.", zh: "检查图片后上传。" },
    machine: uploadMachine,
    input: {},
    card: false,
  },
  {
    id: "balanceDistribution",
    group: "cart",
    title: { en: "Balance distribution", zh: "余额分配" },
    description: {
      en: "A main account recharges its sub-accounts, takes money back, lets them spend without limit and switches them on or off.",
      zh: "主账号为子账号充值、收回余额、设置不限额，并启用或停用子账号。",
    },
    machine: balanceDistributionMachine,
    input: {},
    card: true,
  },
  {
    id: "shipmentCreation",
    group: "orders",
    title: { en: "Shipment creation", zh: "创建发货" },
    description: {
      en: "Finished orders, a ship date, a delivery address and a note, reviewed, then one shipment.",
      zh: "选择订单、发货日期、收货地址和备注，确认后生成发货单。",
    },
    machine: shipmentCreationMachine,
    input: { orders: [], today: "2026-01-05" },
    card: true,
  },
];

export const flowById = (id: string): FlowEntry | undefined => FLOWS.find((f) => f.id === id);
