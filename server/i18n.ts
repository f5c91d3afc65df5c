/** Messages the server returns, translated by Accept-Language (en default, zh). */
const messages = {
  ok: { en: "Success", zh: "成功" },
  "login.success": { en: "Login success", zh: "登录成功" },
  "login.badCredentials": { en: "Wrong username or password", zh: "用户名或密码错误" },
  "login.locked": { en: "Too many failed sign-ins. Try again in {minutes} min.", zh: "登录失败次数过多，请 {minutes} 分钟后再试。" },
  "logout.success": { en: "Signed out", zh: "已退出登录" },
  "token.ATE": { en: "Access token expired", zh: "访问令牌已过期" },
  "token.ATI": { en: "You are not signed in, or your session has ended", zh: "未登录或登录已失效" },
  "token.RTE": { en: "Your session has expired, please sign in again", zh: "登录已过期，请重新登录" },
  "token.RTI": { en: "Your session has ended, please sign in again", zh: "登录已失效，请重新登录" },
  "validation.required": { en: "{field} cannot be empty", zh: "{field}不能为空" },
  "validation.invalid": { en: "{field} is invalid: {detail}", zh: "{field}无效：{detail}" },
  "validation.unknownField": { en: "Unknown field {field}", zh: "未知字段 {field}" },
  "validation.body": { en: "The request body is invalid", zh: "请求内容无效" },
  "notFound.route": { en: "No such API: {method} {url}", zh: "接口不存在：{method} {url}" },
  "calc.fabricNotFound": { en: "Fabric {code} does not exist", zh: "面料 {code} 不存在" },
  "calc.categoryNotFound": { en: "This category is not offered for this order type", zh: "该品类不支持此下单方式" },
  "calc.liningNotFound": { en: "This lining type is not offered for this category", zh: "该品类没有此里布类型" },
  "catalogue.categoryNotFound": { en: "Category {id} does not exist", zh: "品类 {id} 不存在" },
  "catalogue.craftNotFound": { en: "Craft {id} does not exist in category {category}", zh: "品类 {category} 中没有工艺 {id}" },
  "catalogue.sizeAreaNotFound": { en: "Size area {id} does not exist", zh: "号型区域 {id} 不存在" },
  "catalogue.shapeNotFound": { en: "Shape {id} does not exist", zh: "体型 {id} 不存在" },
  "catalogue.pictureNotFound": { en: "There is no picture {id}", zh: "图片 {id} 不存在" },
  "fabric.notFound": { en: "Fabric {code} does not exist", zh: "面料 {code} 不存在" },
  "fabric.noPicture": { en: "Fabric {code} has no picture", zh: "面料 {code} 没有图片" },
  "fabric.inStock": { en: "In stock", zh: "有货" },
  "fabric.outOfStock": { en: "Currently out of stock", zh: "暂时缺货" },
  "customer.notFound": { en: "Customer {id} does not exist", zh: "客户 {id} 不存在" },
  "server.error": { en: "Something went wrong on the server. Please try again.", zh: "服务器出错，请稍后再试。" },
  "server.tooLarge": { en: "The request is too large", zh: "请求内容过大" },
} as const satisfies Record<string, { en: string; zh: string }>;

export type MessageKey = keyof typeof messages;
export type Locale = "en" | "zh";

/** Picks zh when Accept-Language prefers Chinese, otherwise en. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return "en";
  const first = acceptLanguage.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("zh") ? "zh" : "en";
}

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
