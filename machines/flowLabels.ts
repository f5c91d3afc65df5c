/**
 * What the flow pictures (`/flows`) say about the machines, as data that survives a production build:
 * every guard by the name it carries in `setup({ guards })`, with the requirement IDs it encodes and a
 * one-line description in English and Chinese, and (for a check that refuses a user's step) the
 * message the user then sees; every invoked actor by its source name, so that its outcomes read
 * "when checking the stock succeeds / fails" rather than `xstate.done.actor.checkStock`.
 *
 * Nothing here is parsed from comments or function names (minification renames them); the table test
 * (tests/unit/flowLabels.test.ts) fails when a machine's guard or actor has no entry.
 */

/** A text in both languages of the portal. */
export interface Bilingual {
  en: string;
  zh: string;
}

/**
 * How a guard reads on the picture:
 * - `check`: a rule that must hold; `not(rule)` refuses the step with `refusal` (QO-130 …);
 * - `refusal`: a guard that names what is missing; when it holds the step is refused with `refusal`;
 * - `branch`: a condition that chooses a way (no refusal).
 */
export type GuardKind = "check" | "refusal" | "branch";

export interface GuardLabel extends Bilingual {
  kind: GuardKind;
  /** The requirement IDs (spec/rules.md) the guard encodes; empty only for plumbing conditions. */
  rules: readonly string[];
  /** What the user sees when the guard refuses (checks and refusals). */
  refusal?: Bilingual;
}

const check = (rules: string[], en: string, zh: string, refusal: Bilingual): GuardLabel => ({
  kind: "check",
  rules,
  en,
  zh,
  refusal,
});
const missing = (rules: string[], en: string, zh: string, refusal: Bilingual): GuardLabel => ({
  kind: "refusal",
  rules,
  en,
  zh,
  refusal,
});
const branch = (rules: string[], en: string, zh: string): GuardLabel => ({ kind: "branch", rules, en, zh });

/** Every guard of every machine, by name. */
export const GUARD_LABELS: Record<string, GuardLabel> = {
  // --- order entry: the step checks (machines/orderEntry/rules.ts)
  hasCustomer: check(
    ["QO-130", "QO-131", "QO-132", "QO-133", "D-06"],
    "The customer's name, nickname, height, weight, unit and gender are given",
    "已填写客户姓名、昵称、身高、体重、单位和性别",
    { en: "Customer name cannot be empty", zh: "客户姓名不能为空" },
  ),
  hasFabric: check(["QO-134", "QO-149"], "A fabric is chosen", "已选择面料", {
    en: "Please select a fabric",
    zh: "请选择面料",
  }),
  isFabricInStock: check(["QO-163"], "A fabric from our stock is in stock", "库存面料有货", {
    en: "Currently out of stock",
    zh: "当前缺货",
  }),
  areAccessoriesComplete: check(
    ["QO-136"],
    "A chosen accessory that takes a value or a picture has it",
    "选择的辅料已填写内容或上传图片",
    { en: "{name} incomplete", zh: "{name}未填写完整" },
  ),
  areCraftsConsistent: check(["QO-150"], "One option per single-choice craft group", "每个单选工艺类别只选一项", {
    en: "Multiple processes are not allowed under the same category",
    zh: "同一工艺类别下不能选择多个工艺",
  }),
  areCraftsFinished: check(
    ["QO-145"],
    "A chosen text craft has its value, a file craft its picture",
    "选择的文字工艺已填写，图片工艺已上传",
    { en: "{name} not finished", zh: "{name}未完成" },
  ),
  areMonogramsComplete: check(
    ["QO-137", "QO-138", "QO-139", "QO-140", "QO-141", "QO-142"],
    "Every monogram row names its position, colour, font, size and content",
    "每行绣字都有位置、颜色、字体、大小和内容",
    { en: "Monogram {site}: please fill in the {item}", zh: "绣字 {site}：请填写{item}" },
  ),
  areContrastsComplete: check(["QO-143", "QO-144"], "A contrast position has its fabric", "撞色位置已选择撞色面料", {
    en: "{site}: please choose a contrast fabric",
    zh: "{site}：请选择撞色面料",
  }),
  isStyleOffered: check(["QO-093"], "The base style offers every chosen craft", "基础款式提供所有已选工艺", {
    en: "{craft} is not offered on the {style} base style",
    zh: "基础款式“{style}”不提供工艺“{craft}”",
  }),
  areMeasurementsInRange: check(
    ["QO-147", "QO-148", "QO-100"],
    "The required measurements are filled in and within their range",
    "必填尺寸已填写且在范围内",
    { en: "{name} out of range", zh: "{name}超出范围" },
  ),
  isPresized: check(
    ["QO-097", "QO-162"],
    "Body measurements are pre-calculated before submitting",
    "提交前已预算成衣尺寸",
    { en: "Pls presubmit for finished measurements first", zh: "请先预提交成衣尺寸" },
  ),
  // --- style order (domain/orderEntry/style.ts)
  isStyleLoaded: check(["SO-010"], "The style is loaded", "款式已加载", {
    en: "This style could not be loaded.",
    zh: "无法加载此款式。",
  }),
  hasStyleFabric: check(["SO-017"], "A fabric is chosen for the style", "已为款式选择面料", {
    en: "Please select fabric",
    zh: "请选择面料",
  }),
  isStyleFabricOffered: check(["SO-006"], "The fabric is one of the style's fabrics", "面料属于该款式可选面料", {
    en: "The fabric {code} is not offered for this style",
    zh: "此款式不提供面料 {code}",
  }),
  areStyleCraftsFilled: check(["SO-018"], "Every craft of the style is filled in", "款式的每项工艺都已填写", {
    en: "{name} Not filled in",
    zh: "{name} 未填写",
  }),
  areStyleCraftValuesOffered: check(
    ["SO-009"],
    "Every craft value is one the style offers",
    "每项工艺的值都是款式提供的选项",
    { en: "{name}: please choose one of the offered values", zh: "{name}：请从提供的选项中选择" },
  ),
  hasStyleCustomer: check(
    ["SO-019", "SO-020", "SO-021", "SO-022"],
    "The customer's details are given",
    "已填写客户信息",
    { en: "Customer name cannot be empty", zh: "客户姓名不能为空" },
  ),
  // --- professional order (domain/orderEntry/professional.ts)
  hasFabricChosen: check(["PO-023"], "A fabric is chosen", "已选择面料", {
    en: "Please select a fabric",
    zh: "请选择面料",
  }),
  hasAnyCraft: check(["PO-024"], "At least one craft is chosen", "至少选择了一项工艺", {
    en: "Please choose at least one craft",
    zh: "请至少选择一项工艺",
  }),
  areCraftValuesGiven: check(
    ["PO-025", "PO-026"],
    "A text craft has its content, a file craft its file",
    "文字工艺已填写内容，图片工艺已上传文件",
    { en: "{name} not finished", zh: "{name}未完成" },
  ),
  arePieceMonogramsComplete: check(
    ["PO-027", "PO-028", "PO-029", "PO-030", "D-12"],
    "Every monogram row of every piece is complete",
    "每件衣服的每行绣字都已填写完整",
    { en: "{category}: monogram {site}: please fill in the {item}", zh: "{category}：绣字 {site}：请填写{item}" },
  ),
  hasCustomerName: check(["PO-031", "PO-035"], "The customer's name is given", "已填写客户姓名", {
    en: "Please fill in Name",
    zh: "请填写姓名",
  }),
  hasNickname: check(["PO-032", "PO-035"], "The nickname is given", "已填写昵称", {
    en: "Please fill in Nickname",
    zh: "请填写昵称",
  }),
  hasGender: check(["PO-033", "PO-035"], "The gender is chosen", "已选择性别", {
    en: "Please fill in Gender",
    zh: "请填写性别",
  }),
  hasHeight: check(["PO-034", "PO-035"], "The height is given", "已填写身高", {
    en: "Please fill in Height",
    zh: "请填写身高",
  }),
  areMeasurementsReady: check(
    ["PO-036"],
    "The measurements are loaded and a standard size is chosen",
    "尺寸已加载且已选择标准码",
    { en: "The measurements could not be loaded; please load them again", zh: "尺寸加载失败，请重新加载" },
  ),
  arePiecesMeasured: check(
    ["PO-036", "PO-037", "PO-038"],
    "Every piece's measurements are filled in and within range",
    "每件衣服的尺寸都已填写且在范围内",
    { en: "{name} out of range", zh: "{name}超出范围" },
  ),
  // --- order entry: branches of the form (machines/orderEntry/setup.ts)
  isSystemFabric: branch(["QO-149"], "The fabric comes from our stock", "面料来自公司库存"),
  choosesPricedOption: branch(["QO-038"], "The option chosen has a surcharge", "所选选项有加价"),
  dropsPriceTip: branch(["QO-038"], "The priced option is no longer chosen", "加价选项已取消"),
  hasSyncableChoice: branch(["QO-018"], "A copy accessory with a chosen option", "已选选项的复制辅料"),
  isMonogramRow: branch(["QO-137"], "An existing monogram row", "已有的绣字行"),
  isPieceEdit: branch(["PO-002"], "An existing row of a further piece", "附加件的已有行"),
  isContrastSite: branch(["QO-143"], "A contrast position of the category", "该品类的撞色位置"),
  isOfferedMeasurementEdit: branch(
    ["QO-096", "QO-100"],
    "A detail or size from the loaded lists",
    "来自已加载列表的细节或尺码",
  ),
  isMeasurementsMissing: branch(["QO-091"], "The measurements failed to load", "尺寸加载失败"),
  isPickedStyleOffered: branch(["QO-093"], "The base style offers every chosen craft", "基础款式提供所有已选工艺"),
  needsParts: branch(["QO-091"], "The measurement parts must be loaded", "需要加载尺寸部位"),
  needsStandardSizes: branch(["QO-100"], "The standard size list must be loaded", "需要加载标准码列表"),
  completesStandardChoice: branch(["QO-100"], "Size area and shape are both chosen", "尺码区域和体型都已选择"),
  isOfferedAddProduct: branch(["QO-040"], "An add-product the category offers", "该品类提供的附加产品"),
  isAddedPiece: branch(["QO-040"], "The piece is already added (choosing removes it)", "该件已添加（再次选择即移除）"),
  // --- shared actors
  isNewDraft: branch(["QO-111"], "The order changed since the last price", "订单自上次报价后已更改"),
  isRefused: missing(["API-010", "API-011"], "The file is not an accepted picture", "文件不是可接受的图片", {
    en: "The file type or size is not accepted",
    zh: "文件类型或大小不被接受",
  }),
  // --- submit queue (CART-019..029)
  hasWaitingOrder: branch(["CART-026"], "An order is still waiting to be paid", "仍有订单等待支付"),
  isPushRefused: branch(["CART-027"], "The server refused the payment", "服务器拒绝了支付"),
  isPaidElsewhere: branch(["CART-027"], "The order was already paid", "该订单已支付"),
  isServerRefusal: branch(["CART-027"], "The server answered with its reason", "服务器返回了原因"),
  areAllOrdersDone: branch(["CART-029"], "Every order has its outcome", "每个订单都有结果"),
  // --- cart card (CART-011..017, CART-030..041)
  isEditable: check(["CART-017"], "The order may be changed", "订单可以修改", {
    en: "No permission to modify",
    zh: "无权修改",
  }),
  isAtLeastMinimum: check(["CART-035"], "The quantity is at least 1", "数量至少为 1", {
    en: "The quantity cannot be less than 1",
    zh: "数量不能小于 1",
  }),
  isAtMostMaximum: check(["CART-035"], "The quantity is at most 99", "数量最多为 99", {
    en: "The quantity cannot be more than 99",
    zh: "数量不能大于 99",
  }),
  keepsAddProductAmount: check(["CART-040"], "With an add-product the quantity stays 1", "有附加产品时数量保持为 1", {
    en: "The quantity cannot be modified when adding products",
    zh: "添加产品时不能修改数量",
  }),
  isAmountOne: check(["CART-040"], "The add-product changes only at quantity 1", "仅在数量为 1 时可更改附加产品", {
    en: "The quantity cannot be modified when adding products",
    zh: "添加产品时不能修改数量",
  }),
  hasUnsavedAmount: branch(["CART-030"], "The quantity shown is not saved yet", "显示的数量尚未保存"),
  changedWhileSending: branch(["CART-030"], "The quantity changed while it was being saved", "保存时数量又被修改"),
  // --- saved items (CART-016, CART-017, CART-034..039)
  // --- balance distribution (machines/balanceDistribution, issue 22)
  hasAmount: check(["SUB-026", "SUB-027"], "Recharge and Take back have an amount", "充值和收回已填写金额", {
    en: "Please enter an amount",
    zh: "请输入金额",
  }),
  isAmountValid: check(["SUB-031"], "The amount is positive, with at most two decimals", "金额为正数，最多两位小数", {
    en: "Enter a positive amount with at most two decimals",
    zh: "请输入最多两位小数的正数金额",
  }),
  isWithinLimit: check(
    ["SUB-028", "SUB-029"],
    "At most rechargeAmount (Recharge) or subAmount (Take back)",
    "充值不超过可分配金额，收回不超过可收回金额",
    { en: "Overstep", zh: "超出" },
  ),
  isOwnChild: branch(
    ["SUB-032", "SUB-033", "SUB-034"],
    "The card is one of this account's children",
    "卡片属于本账号的子账号",
  ),
  hasSelection: check(["CART-039"], "At least one order is selected", "至少选择了一个订单", {
    en: "Please select at least one order",
    zh: "请至少选择一个订单",
  }),
  areCardsSaved: check(["CART-030"], "Every changed quantity is saved", "所有修改的数量都已保存", {
    en: "Please wait until the change is saved",
    zh: "请等待修改保存完成",
  }),
  isSummaryRead: check(["CART-036"], "The summary of this selection is read", "已读取此选择的汇总", {
    en: "Please wait until the change is saved",
    zh: "请等待修改保存完成",
  }),
  doesBalanceCoverSubtotal: check(["CART-036", "CART-037"], "The balance covers the subtotal", "余额足以支付小计", {
    en: "Insufficient Balance",
    zh: "余额不足",
  }),
  // --- session (SHELL-113.., SHELL-131..134)
  isUsernameMissing: missing(["SHELL-113"], "The username is empty", "用户名为空", {
    en: "Please enter the username",
    zh: "请输入用户名",
  }),
  isPasswordMissing: missing(["SHELL-114"], "The password is empty", "密码为空", {
    en: "Please enter the password",
    zh: "请输入密码",
  }),
  hasSession: branch(["SHELL-120"], "A session is stored", "已保存会话"),
  mayResume: branch(["SHELL-112"], "The browser holds a session this tab can join", "浏览器中有可加入的会话"),
  hasAuthorities: branch(["SHELL-121"], "The menu's authorities are loaded", "菜单权限已加载"),
  refreshEndsSession: branch(
    ["SHELL-131", "SHELL-132", "SHELL-133", "SHELL-134"],
    "The refresh answer ends the session",
    "刷新结果结束会话",
  ),
  isNetworkFailure: branch(["SHELL-112"], "The server could not be reached", "无法连接服务器"),
  // --- price calculator (SHELL-115..118)
  isOrderTypeMissing: missing(["SHELL-115"], "No order method is chosen", "未选择下单方式", {
    en: "Please select order type",
    zh: "请选择订单类型",
  }),
  hasOrderType: branch(["SHELL-115"], "An order method is chosen", "已选择下单方式"),
  isCategoryMissing: missing(["SHELL-116"], "No category is chosen", "未选择品类", {
    en: "Please select cloth code",
    zh: "请选择品类编码",
  }),
  isFabricMissing: missing(["SHELL-117"], "No fabric number is given", "未填写面料编号", {
    en: "Please select fabric code",
    zh: "请选择面料编码",
  }),
  isLiningMissing: missing(["SHELL-118"], "No lining type is chosen", "未选择里布类型", {
    en: "Please select lining code",
    zh: "请选择里布编码",
  }),
  // --- shipment creation (machines/shipmentCreation, issue 23)
  hasOrders: check(["SHIP-018"], "At least one order is chosen", "至少选择了一个订单", {
    en: "Please select at least one order",
    zh: "请至少选择一个订单",
  }),
  hasShipDate: check(["SHIP-019"], "A ship date is chosen", "已选择发货日期", {
    en: "Please choose a ship date",
    zh: "请选择发货日期",
  }),
  isShipDateValid: check(
    ["SHIP-019", "SHIP-016"],
    "The ship date is a real date, today or later",
    "发货日期有效且不早于今天",
    {
      en: "The ship date cannot be in the past",
      zh: "发货日期不能早于今天",
    },
  ),
  hasAddress: check(["SHIP-020"], "A delivery address is chosen", "已选择收货地址", {
    en: "Please choose a delivery address",
    zh: "请选择收货地址",
  }),
  isRemarkShort: check(["SHIP-021"], "The note has at most 200 characters", "备注不超过 200 个字符", {
    en: "A shipping note has at most 200 characters",
    zh: "发货备注最多 200 个字符",
  }),
};

/** What an invoked actor does, as the phrase "when … succeeds / fails" completes. */
export const ACTOR_LABELS: Record<string, Bilingual> = {
  loadSetup: { en: "loading the order's setup", zh: "加载下单设置" },
  checkStock: { en: "checking the stock", zh: "检查库存" },
  loadMeasurements: { en: "loading the measurements", zh: "加载尺寸" },
  loadStandardSizes: { en: "loading the standard sizes", zh: "加载标准码" },
  loadPieceParts: { en: "loading the pieces' measurements", zh: "加载各件尺寸" },
  presize: { en: "pre-calculating the finished sizes", zh: "预算成衣尺寸" },
  saveOrder: { en: "saving the order", zh: "保存订单" },
  submitOrder: { en: "submitting the order", zh: "提交订单" },
  loadStyles: { en: "loading the base styles", zh: "加载基础款式" },
  loadStyle: { en: "loading the style", zh: "加载款式" },
  buyStyle: { en: "buying the style", zh: "购买款式" },
  price: { en: "pricing", zh: "报价" },
  quote: { en: "asking the fabric's price", zh: "询问面料价格" },
  quoteOrder: { en: "asking the order's price", zh: "询问订单价格" },
  upload: { en: "uploading the file", zh: "上传文件" },
  pushOrder: { en: "paying the order", zh: "支付订单" },
  loadAccounts: { en: "loading the sub-accounts", zh: "加载子账号" },
  distribute: { en: "moving the balance", zh: "分配余额" },
  updateStatus: { en: "switching the sub-account", zh: "切换子账号状态" },
  endNoLimit: { en: "ending no limit", zh: "取消不限额" },
  loadBalance: { en: "reading the balance after", zh: "读取支付后余额" },
  updateAmount: { en: "saving the quantity", zh: "保存数量" },
  updateAddProduct: { en: "saving the add-product", zh: "保存附加产品" },
  deleteOrder: { en: "deleting the order", zh: "删除订单" },
  readBalance: { en: "reading the balance", zh: "读取余额" },
  queue: { en: "the submission queue", zh: "提交队列" },
  submitQueue: { en: "the submission queue", zh: "提交队列" },
  login: { en: "signing in", zh: "登录" },
  refresh: { en: "refreshing the session", zh: "刷新会话" },
  resume: { en: "joining the browser's session", zh: "加入浏览器的会话" },
  loadAuthorities: { en: "loading the menu", zh: "加载菜单" },
  logout: { en: "signing out", zh: "退出登录" },
  loadCategories: { en: "loading the categories", zh: "加载品类" },
  loadLinings: { en: "loading the linings", zh: "加载里布" },
  calculatePrice: { en: "calculating the price", zh: "计算价格" },
  cartItem: { en: "a cart card", zh: "购物车卡片" },
  saveCheck: { en: "saving the check marks", zh: "保存勾选" },
  // spawned children, by the id they are spawned with (`card.<orderId>`, `check.<n>`)
  card: { en: "a cart card", zh: "购物车卡片" },
  check: { en: "saving the check marks", zh: "保存勾选" },
  loadAddresses: { en: "loading the delivery addresses", zh: "加载收货地址" },
  saveShipment: { en: "saving the shipment", zh: "保存发货单" },
};
