import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

/** Messages the server returns, translated by Accept-Language (en default, zh): ICU messages (`translate`). */
const messages = {
  ok: { en: "Success", zh: "成功" },
  "login.success": { en: "Login success", zh: "登录成功" },
  "login.badCredentials": { en: "Wrong username or password", zh: "用户名或密码错误" },
  "login.locked": {
    en: "Too many failed sign-ins. Try again in {minutes} min.",
    zh: "登录失败次数过多，请 {minutes} 分钟后再试。",
  },
  "rateLimit.exceeded": {
    en: "Too many requests of this kind. Try again in {seconds} s.",
    zh: "此类请求过于频繁，请 {seconds} 秒后再试。",
  },
  "logout.success": { en: "Signed out", zh: "已退出登录" },
  "token.ATE": { en: "Access token expired", zh: "访问令牌已过期" },
  "token.ATI": { en: "You are not signed in, or your session has ended", zh: "未登录或登录已失效" },
  "token.RTE": { en: "Your session has expired, please sign in again", zh: "登录已过期，请重新登录" },
  "token.RTI": { en: "Your session has ended, please sign in again", zh: "登录已失效，请重新登录" },
  "validation.required": { en: "{field} cannot be empty", zh: "{field}不能为空" },
  "validation.invalid": { en: "{field} is invalid: {detail}", zh: "{field}无效：{detail}" },
  "validation.unknownField": { en: "Unknown field {field}", zh: "未知字段 {field}" },
  "validation.body": { en: "The request body is invalid", zh: "请求内容无效" },
  // Malformed input (issue 9 §3): named by the contract plugin's input guard and the errors plugin.
  "validation.text": {
    en: "{field} contains a character that is not allowed (NUL or a broken Unicode character)",
    zh: "{field}包含不允许的字符（NUL 或残缺的 Unicode 字符）",
  },
  "validation.range": { en: "{field} is out of range", zh: "{field}超出范围" },
  "validation.malformed": { en: "The request body is not valid {format}", zh: "请求内容不是有效的 {format}" },
  "validation.mediaType": { en: "Content-Type {type} is not accepted here", zh: "此处不接受 Content-Type {type}" },
  "validation.url": { en: "The request address is not valid", zh: "请求地址无效" },
  "notFound.route": { en: "No such API: {method} {url}", zh: "接口不存在：{method} {url}" },
  "notFound.file": { en: "No such file: {url}", zh: "文件不存在：{url}" },
  "calc.fabricNotFound": { en: "Fabric {code} does not exist", zh: "面料 {code} 不存在" },
  "calc.categoryNotFound": { en: "This category is not offered for this order type", zh: "该品类不支持此下单方式" },
  "calc.liningNotFound": { en: "This lining type is not offered for this category", zh: "该品类没有此里布类型" },
  "catalogue.categoryNotFound": { en: "Category {id} does not exist", zh: "品类 {id} 不存在" },
  "catalogue.craftNotFound": {
    en: "Craft {id} does not exist in category {category}",
    zh: "品类 {category} 中没有工艺 {id}",
  },
  "catalogue.sizeAreaNotFound": { en: "Size area {id} does not exist", zh: "号型区域 {id} 不存在" },
  "catalogue.shapeNotFound": { en: "Shape {id} does not exist", zh: "体型 {id} 不存在" },
  "catalogue.pictureNotFound": { en: "There is no picture {id}", zh: "图片 {id} 不存在" },
  "fabric.notFound": { en: "Fabric {code} does not exist", zh: "面料 {code} 不存在" },
  "fabric.noPicture": { en: "Fabric {code} has no picture", zh: "面料 {code} 没有图片" },
  "fabric.inStock": { en: "In stock", zh: "有货" },
  "fabric.outOfStock": { en: "Currently out of stock", zh: "暂时缺货" },
  "customer.notFound": { en: "Customer {id} does not exist", zh: "客户 {id} 不存在" },
  "customer.measureSetNotFound": {
    en: "Measurement set {id} is not one of this customer's",
    zh: "测量记录 {id} 不属于该客户",
  },
  "catalogue.styleBasicNotFound": { en: "Base style {id} does not exist", zh: "基础款式 {id} 不存在" },
  "catalogue.styleBasicNotInCategory": {
    en: "Base style {id} does not belong to category {category}",
    zh: "基础款式 {id} 不属于品类 {category}",
  },
  "dictionary.notFound": { en: "Dictionary entry {id} does not exist", zh: "字典项 {id} 不存在" },
  "dictionary.categoryNotFound": { en: "Dictionary category {id} does not exist", zh: "字典分类 {id} 不存在" },
  "validation.json": { en: "{field} must be a JSON string", zh: "{field}必须是 JSON 字符串" },
  // Order entry (issue 3): save, submit, edit, finished sizes. `{category}`, `{craft}` ... are names in the caller's language.
  "order.saved": { en: "Saved to the cart", zh: "已加入购物车" },
  "order.submitted": { en: "Submitted", zh: "已提交" },
  "order.submitFailed": { en: "Failed", zh: "失败" },
  "cart.moreBalance": { en: "Insufficient Balance", zh: "余额不足" },
  // The online mall (issue 25: GOODS-011..013, GOODS-019/020, stock)
  "goods.notFound": { en: "Product {id} does not exist", zh: "商品 {id} 不存在" },
  "goods.chooseColour": { en: "please choose colour", zh: "请选择颜色" },
  "goods.chooseSize": { en: "please choose size", zh: "请选择尺码" },
  "goods.colourNotOffered": { en: "This product does not come in colour {value}", zh: "该商品没有颜色 {value}" },
  "goods.sizeNotOffered": { en: "This product does not come in size {value}", zh: "该商品没有尺码 {value}" },
  "goods.quantityRange": { en: "The quantity must be {min} to {max}", zh: "数量必须为 {min} 到 {max}" },
  "goods.outOfStock": { en: "Only {left} left in stock", zh: "库存仅剩 {left} 件" },
  "goods.addedToCart": { en: "added to cart", zh: "已加入购物车" },
  "goods.bought": { en: "Order {code} is paid", zh: "订单 {code} 已支付" },
  // pushOrder (CART-046): the submission queue's answers for an order that cannot be submitted.
  "order.alreadySubmitted": {
    en: "Order {code} has already been submitted",
    zh: "订单 {code} 已提交，不能重复提交",
  },
  "order.notSubmittable": { en: "Order {code} cannot be submitted in its status", zh: "订单 {code} 当前状态不能提交" },
  "order.oneAtATime": { en: "Submit one order per request", zh: "每次只能提交一个订单" },
  // The factory's reasons of a failed order (10369, bl_error of the seeded history).
  "factory.fabricShortage": {
    en: "The factory refused the order: the fabric is short for this garment",
    zh: "工厂拒绝了订单：面料不足以制作此服装",
  },
  "factory.measurementsRefused": {
    en: "The factory refused the order: the measurements need checking",
    zh: "工厂拒绝了订单：尺寸需要核对",
  },
  // The cart and the order lists (issue 11).
  "cart.doChangeNum": { en: "Quantity cannot be modified when adding products", zh: "加配产品时不能修改数量" },
  "cart.readOnly": {
    en: "Order {code} belongs to a sub-account and can only be viewed",
    zh: "订单 {code} 属于子账号，只能查看",
  },
  "cart.memberNotFound": { en: "Account {id} does not exist", zh: "账号 {id} 不存在" },
  "cart.tooManyIds": { en: "{field} lists more than {max} orders", zh: "{field}的订单不能超过 {max} 个" },
  "cart.idTwice": { en: "{field} lists order {id} twice", zh: "{field}重复列出订单 {id}" },
  "cart.badDate": {
    en: "{field} is not a date (YYYY-MM-DD): {value}",
    zh: "{field}不是有效日期（YYYY-MM-DD）：{value}",
  },
  "cart.dateOrder": { en: "{field} must not be after {other}", zh: "{field}不能晚于{other}" },
  "cart.export.sheet": { en: "Orders", zh: "订单" },
  "cart.export.orderCode": { en: "Order number", zh: "订单号" },
  "cart.export.cusOrderCode": { en: "Customer order number", zh: "客户订单号" },
  "cart.export.custName": { en: "Customer", zh: "客户" },
  "cart.export.category": { en: "Category", zh: "品类" },
  "cart.export.orderType": { en: "Order type", zh: "订单类型" },
  "cart.export.fabric": { en: "Fabric", zh: "面料" },
  "cart.export.sizeCategory": { en: "Measurement method", zh: "量体方式" },
  "cart.export.amount": { en: "Quantity", zh: "数量" },
  "cart.export.unitPrice": { en: "Unit price", zh: "单价" },
  "cart.export.price": { en: "Price", zh: "金额" },
  "cart.export.moneyType": { en: "Currency", zh: "币种" },
  "cart.export.status": { en: "Status", zh: "状态" },
  "cart.export.pubDate": { en: "Order date", zh: "下单日期" },
  "cart.export.planDeliveryDate": { en: "Planned delivery", zh: "计划交期" },
  "cart.export.deliveryDate": { en: "Delivery date", zh: "交货日期" },
  "cart.export.waybillNo": { en: "Waybill number", zh: "运单号" },
  "cart.export.member": { en: "Account", zh: "账号" },
  "cart.export.remark": { en: "Remark", zh: "备注" },
  "cart.export.blError": { en: "Failure reason", zh: "失败原因" },
  "idempotency.keyReused": {
    en: "This Idempotency-Key was already used for a different request; nothing was changed",
    zh: "此幂等键（Idempotency-Key）已用于另一个请求，未做任何更改",
  },
  "order.notFound": { en: "Order {id} does not exist", zh: "订单 {id} 不存在" },
  "order.notEditable": { en: "Order {code} can no longer be changed", zh: "订单 {code} 已不能修改" },
  "order.noEditPermission": {
    en: "Your account has no permission to modify orders; ask the main account for it",
    zh: "您的账号没有修改订单的权限，请联系主账号开通",
  },
  "order.typeNotOffered": {
    en: "{category} is not offered for order type {type}",
    zh: "{category}不支持下单方式 {type}",
  },
  "order.firstPiece": { en: "The first garment piece must be {category}", zh: "第一件必须是{category}" },
  "order.pieceNotOffered": { en: "{piece} cannot be added to {category}", zh: "{category}不能加配{piece}" },
  "order.pieceTwice": { en: "{piece} is listed twice", zh: "{piece}重复" },
  "customer.nameRequired": { en: "Please fill in the customer name", zh: "请填写客户姓名" },
  "customer.shortNameRequired": { en: "Please fill in the nickname", zh: "请填写昵称" },
  "customer.genderRequired": { en: "Please choose the gender", zh: "请选择性别" },
  "customer.heightRequired": { en: "Please fill in the height", zh: "请填写身高" },
  "customer.heightUnitRequired": { en: "Please choose the height unit", zh: "请选择身高单位" },
  "customer.weightRequired": { en: "Please fill in the weight", zh: "请填写体重" },
  "customer.weightUnitRequired": { en: "Please choose the weight unit", zh: "请选择体重单位" },
  "customer.birthdateInvalid": { en: "The birthday {value} is not a date", zh: "生日 {value} 不是有效日期" },
  // Issue 24: the customer book.
  "customer.orderWithoutCustomer": {
    en: "This order is not for a customer of your book",
    zh: "此订单不属于您客户簿中的客户",
  },
  "customer.measuresSaved": { en: "The measurements were saved to the customer", zh: "尺寸已保存到客户资料" },
  "customer.heightOutOfRange": {
    en: "Height must be between {min} and {max} {unit}",
    zh: "身高必须在 {min} 到 {max} {unit} 之间",
  },
  "customer.weightOutOfRange": {
    en: "Weight must be between {min} and {max} {unit}",
    zh: "体重必须在 {min} 到 {max} {unit} 之间",
  },
  "customer.emailInvalid": { en: "Incorrect e-mail format", zh: "邮箱格式不正确" },
  "customer.saved": { en: "Customer saved", zh: "客户已保存" },
  "customer.deleted": { en: "Customer deleted", zh: "客户已删除" },
  "customer.hasOrders": {
    en: "This customer has orders and cannot be deleted",
    zh: "该客户已有订单，不能删除",
  },
  "customer.styleNotFound": { en: "Dress style {id} does not exist", zh: "着装风格 {id} 不存在" },
  "customer.partNotFound": { en: "Measurement part {id} does not exist", zh: "量体部位 {id} 不存在" },
  "customer.postureNotFound": { en: "Body posture {id} does not exist", zh: "体型 {id} 不存在" },
  "note.contentRequired": { en: "Please fill in the content", zh: "请填写内容" },
  "note.dateRequired": { en: "Please choose the appointment date and time", zh: "请选择预约日期和时间" },
  "note.dateInvalid": { en: "The appointment date {value} is not a date and time", zh: "预约时间 {value} 无效" },
  "note.notFound": { en: "Note {id} does not exist", zh: "记录 {id} 不存在" },
  "note.saved": { en: "Saved", zh: "已保存" },
  "note.deleted": { en: "Deleted", zh: "已删除" },
  "import.notAllowed": { en: "This account may not import customers", zh: "此账号不能导入客户" },
  "import.csvOnly": { en: "Only CSV files may be uploaded", zh: "只能上传 CSV 文件" },
  "import.missing": { en: "Please choose a CSV file", zh: "请选择 CSV 文件" },
  "import.tooLarge": { en: "The file is larger than {mb} MB", zh: "文件超过 {mb} MB" },
  "import.tooManyRows": { en: "The file has more than {rows} rows", zh: "文件超过 {rows} 行" },
  "import.empty": { en: "The file has no customers", zh: "文件中没有客户" },
  "import.broken": { en: "The file is not a readable CSV (line {line})", zh: "文件不是有效的 CSV（第 {line} 行）" },
  "import.header": { en: "The column {name} is missing", zh: "缺少列 {name}" },
  "import.invalidRows": {
    en: "{count, plural, one {# row is invalid} other {# rows are invalid}}; nothing was imported",
    zh: "{count, plural, other {# 行无效}}，未导入任何客户",
  },
  "import.preview": {
    en: "{valid, plural, one {# row can be imported} other {# rows can be imported}}, {invalid, plural, one {# is invalid} other {# are invalid}}",
    zh: "{valid, plural, other {# 行可导入}}，{invalid, plural, other {# 行无效}}",
  },
  "import.done": {
    en: "{count, plural, one {# customer imported} other {# customers imported}}",
    zh: "{count, plural, other {已导入 # 位客户}}",
  },
  "import.duplicate": { en: "Already in the book (same name and phone)", zh: "客户已存在（姓名和电话相同）" },
  "import.genderInvalid": { en: "Gender must be M or F", zh: "性别必须是 M 或 F" },
  "import.unitInvalid": { en: "Unit {value} is unknown", zh: "单位 {value} 无效" },
  "attachment.linked": { en: "Picture saved", zh: "图片已保存" },
  "attachment.deleted": { en: "Deleted", zh: "已删除" },
  "newOrder.fabricRequired": { en: "Please select a fabric", zh: "请选择面料" },
  "order.fabricNotForCategory": {
    en: "Fabric {code} cannot be used for {category}",
    zh: "面料 {code} 不能用于{category}",
  },
  "order.bodyTypeNotFound": { en: "Body posture {id} does not exist for {category}", zh: "{category}没有体型 {id}" },
  "order.bodyTypeTwice": { en: "Choose one {spec} only", zh: "{spec}只能选择一项" },
  "craft.notForStyle": {
    en: "{craft} is not offered on the {style} base style",
    zh: "基础款式“{style}”不提供工艺“{craft}”",
  },
  "craft.otherCategory": {
    en: "{craft} belongs to {other}, not to {category}",
    zh: "工艺“{craft}”属于{other}，不属于{category}",
  },
  "craft.isGroup": { en: "{craft} is a group; choose one of its options", zh: "“{craft}”是工艺分类，请选择其中的选项" },
  "craft.parentMissing": { en: "{craft} needs {parent} to be chosen", zh: "选择“{craft}”需先选择“{parent}”" },
  "craft.twice": { en: "{craft} is chosen twice", zh: "工艺“{craft}”重复" },
  "craft.multipleRadio": {
    en: "Multiple processes are not allowed under the same category ({group})",
    zh: "同一分类下不允许选择多个工艺（{group}）",
  },
  "craft.notFinished": { en: "{craft} not finished", zh: "{craft}未填写" },
  "craft.fileRequired": { en: "{craft}: please upload the file", zh: "{craft}：请上传文件" },
  "craft.seriesFirst": {
    en: "Please select the series first for the process of category Accessory",
    zh: "配饰类工艺请先选择系列",
  },
  "monogram.siteMissing": { en: "Monogram {row}: please choose the position", zh: "绣字第 {row} 行：请选择位置" },
  "monogram.colorMissing": { en: "Monogram at {site}: please choose the colour", zh: "绣字（{site}）：请选择颜色" },
  "monogram.fontMissing": { en: "Monogram at {site}: please choose the font", zh: "绣字（{site}）：请选择字体" },
  "monogram.sizeMissing": { en: "Monogram at {site}: please choose the size", zh: "绣字（{site}）：请选择尺寸" },
  "monogram.contentMissing": { en: "Monogram at {site}: please fill in the content", zh: "绣字（{site}）：请填写内容" },
  "monogram.fileMissing": { en: "Monogram at {site}: please upload the artwork", zh: "绣字（{site}）：请上传图稿" },
  // PO-024, PO-030: the professional order's checks (server/modules/orders/professionalCheck.ts)
  "order.craftRequired": { en: "Please choose at least one craft", zh: "请至少选择一项工艺" },
  "monogram.pieceSiteMissing": {
    en: "{category}: monogram: please choose the position",
    zh: "{category}：绣字：请选择位置",
  },
  "monogram.pieceColorMissing": {
    en: "{category}: monogram at {site}: please choose the colour",
    zh: "{category}：绣字（{site}）：请选择颜色",
  },
  "monogram.pieceFontMissing": {
    en: "{category}: monogram at {site}: please choose the font",
    zh: "{category}：绣字（{site}）：请选择字体",
  },
  "monogram.pieceSizeMissing": {
    en: "{category}: monogram at {site}: please choose the size",
    zh: "{category}：绣字（{site}）：请选择尺寸",
  },
  "monogram.pieceContentMissing": {
    en: "{category}: monogram at {site}: please fill in the content",
    zh: "{category}：绣字（{site}）：请填写内容",
  },
  "monogram.pieceFileMissing": {
    en: "{category}: monogram at {site}: please upload the artwork",
    zh: "{category}：绣字（{site}）：请上传图稿",
  },
  "monogram.duplicateSite": { en: "The position {site} already exists", zh: "位置“{site}”已存在" },
  "monogram.notOffered": {
    en: "Monogram option {id} is not offered for {category}",
    zh: "{category}没有绣字选项 {id}",
  },
  "monogram.noSizes": { en: "{category} has no monogram sizes", zh: "{category}没有绣字尺寸" },
  "contrast.positionNotOffered": {
    en: "Contrast position {id} is not offered for {category}",
    zh: "{category}没有撞色位置 {id}",
  },
  "contrast.mixedSites": {
    en: "Contrast positions {ids} belong to different sites",
    zh: "撞色位置 {ids} 不属于同一部位",
  },
  "contrast.positionTwice": { en: "Contrast position {position} is chosen twice", zh: "撞色位置“{position}”重复" },
  "contrast.fabricRequired": {
    en: "Contrast at {site}: please choose a contrast fabric",
    zh: "撞色（{site}）：请选择撞色面料",
  },
  "contrast.fabricNotOffered": {
    en: "Contrast fabric {id} cannot be used at {site}",
    zh: "撞色面料 {id} 不能用于{site}",
  },
  "contrast.textRequired": {
    en: "Contrast at {site}: please fill in the contrast fabric",
    zh: "撞色（{site}）：请填写撞色面料",
  },
  "size.required": { en: "{name} cannot be empty", zh: "{name}不能为空" },
  "size.outOfRange": { en: "{name} out of range ({min}–{max} {unit})", zh: "{name}超出范围（{min}–{max} {unit}）" },
  "size.notNumber": { en: "{name} must be a number", zh: "{name}必须是数字" },
  "size.unknownPart": {
    en: "Measurement {id} does not belong to {category} for this measurement method",
    zh: "{category}在此量体方式下没有尺寸 {id}",
  },
  "size.twice": { en: "{name} is given twice", zh: "{name}重复" },
  "size.sizeAreaRequired": { en: "Please choose the size area", zh: "请选择号型区域" },
  "size.shapeRequired": { en: "{category}: please choose the shape", zh: "{category}：请选择体型" },
  "size.bodyOnly": {
    en: "Finished sizes are calculated from body measurements (method 10052) only",
    zh: "仅净体尺寸（10052）可以预计算成衣尺寸",
  },
  "attachment.notFound": { en: "File {id} does not exist", zh: "文件 {id} 不存在" },
  "upload.success": { en: "Uploaded", zh: "上传成功" },
  "upload.missing": { en: "Please choose a file to upload", zh: "请选择要上传的文件" },
  "upload.type": { en: "Only png, jpg and jpeg pictures can be uploaded", zh: "只能上传 png、jpg、jpeg 图片" },
  "upload.tooLarge": { en: "The file is larger than 2048 KB", zh: "文件超过 2048 KB" },
  "upload.damaged": {
    en: "The picture is damaged or is not the png or jpeg it claims to be",
    zh: "图片已损坏，或并非其声称的 png/jpeg 图片",
  },
  "upload.tooManyPixels": {
    en: "The picture is too large: at most {megapixels} megapixels",
    zh: "图片像素过大：最多 {megapixels} 百万像素",
  },
  "upload.tooWide": {
    en: "The picture is too large: at most {maxSide} pixels on each side",
    zh: "图片尺寸过大：每边最多 {maxSide} 像素",
  },
  "upload.quota": {
    en: "Your account's upload space is full ({limitMb} MB or {limitFiles} pictures); this picture was not stored",
    zh: "您账户的上传空间已满（{limitMb} MB 或 {limitFiles} 张图片），此图片未保存",
  },
  // The style catalogue and style orders (issue 10)
  "catalogue.styleNotFound": { en: "Style {id} does not exist", zh: "款式 {id} 不存在" },
  "catalogue.stylePieceNotFound": {
    en: "Style piece {id} of category {category} does not exist",
    zh: "品类 {category} 的款式部件 {id} 不存在",
  },
  "catalogue.styleCraftNotFound": { en: "Style craft {id} does not exist", zh: "款式工艺 {id} 不存在" },
  // SO-017, SO-018: the documented wording of Buy's refusals
  "style.fabricRequired": { en: "Please select fabric", zh: "请选择面料" },
  "style.craftRequired": { en: "{name} Not filled in", zh: "{name}未填写" },
  "style.fabricNotOffered": {
    en: "Fabric {code} is not offered for the style {style}",
    zh: "款式 {style} 不提供面料 {code}",
  },
  "style.pieceOfOtherStyle": {
    en: "{piece} ({id}) is not a piece of the style {style}",
    zh: "{piece}（{id}）不是款式 {style} 的部件",
  },
  "style.pieceTwice": { en: "{piece} is given twice", zh: "{piece}重复" },
  "style.craftOfOtherPiece": {
    en: "{craft} ({id}) is not a craft of the {piece} of the style {style}",
    zh: "{craft}（{id}）不是款式 {style} 的{piece}工艺",
  },
  "style.craftTwice": { en: "{craft} is given twice", zh: "{craft}重复" },
  "style.valueNotOffered": {
    en: "{value} is not a choice of {craft}: choose one of {choices}",
    zh: "{value} 不是{craft}的选项，请选择：{choices}",
  },
  "style.textTooLong": { en: "{craft}: at most {max} characters", zh: "{craft}：最多 {max} 个字符" },
  "style.searchTooShort": {
    en: "Type at least {min} characters to search styles",
    zh: "请至少输入 {min} 个字符搜索款式",
  },
  "style.piecesMismatch": {
    en: "A style order is made of the pieces of the style {style}, in order: {pieces}",
    zh: "款式订单须按顺序包含款式 {style} 的部件：{pieces}",
  },
  "style.oneStyle": {
    en: "Every piece of a style order must be of the same style",
    zh: "款式订单的各部件须属于同一款式",
  },
  "style.ownCraftsOnly": {
    en: "A style order takes the style's crafts only (no other crafts, monogram or contrast)",
    zh: "款式订单只能选择款式自带的工艺（不能另加工艺、刺绣或撞色）",
  },
  "style.catalogueFabric": {
    en: "A style order is made of one of the style's fabrics",
    zh: "款式订单须使用款式提供的面料",
  },
  // Orders in production (issue 12): cancel with refund, pre-commit, remakes.
  "order.cancelled": { en: "Order cancelled", zh: "订单已取消" },
  "order.notCancellable": {
    en: "Order {code} cannot be cancelled in its status",
    zh: "订单 {code} 当前状态不能取消",
  },
  "order.notRefundable": {
    en: "Order {code} cannot be cancelled: its payment is not on record",
    zh: "订单 {code} 无法取消：找不到其付款记录",
  },
  "order.preCommitted": { en: "success", zh: "成功" },
  // The pre-commit's step on the order's timeline (the status stays).
  "order.preCommitEvent": { en: "Pre-committed", zh: "已预提交" },
  // PROD-005, PROD-007 (designed): urgent production and the order's note
  "order.urgentAsked": { en: "Urgent production asked", zh: "已申请加急生产" },
  "order.urgentReasonRequired": { en: "The reason cannot be empty", zh: "原因不能为空" },
  "order.urgentReasonInvalid": {
    en: "This reason cannot be used: please say it in your own words",
    zh: "该原因无法使用，请用您自己的话说明",
  },
  "order.notUrgent": {
    en: "Order {code} is not in production, so it cannot be made urgent",
    zh: "订单 {code} 不在生产中，不能加急",
  },
  "order.alreadyUrgent": {
    en: "Urgent production of order {code} was already asked on {at}",
    zh: "订单 {code} 已于 {at} 申请加急",
  },
  "order.remarkSaved": { en: "Note saved", zh: "备注已保存" },
  "order.notPreCommittable": {
    en: "Order {code} cannot be pre-committed in its status",
    zh: "订单 {code} 当前状态不能预提交",
  },
  "order.remakeOfNotFound": { en: "Order {id} to remake does not exist", zh: "要返工的订单 {id} 不存在" },
  "order.remakeNotDelivered": {
    en: "Only a finished or shipped order can be remade; order {code} is not",
    zh: "只有已完成或已发货的订单可以返工，订单 {code} 不是",
  },
  "order.remakeReasonRequired": { en: "Please give the reason for the remake", zh: "请填写返工原因" },
  // Labels (issue 12: LABEL-006, LABEL-007, LABEL-014..022; the success texts are the documented toasts)
  "label.colorRequired": { en: "please choose colour", zh: "请选择颜色" },
  "label.colorInvalid": {
    en: "The colour must be one of the label colours (#RRGGBB)",
    zh: "颜色必须是标签颜色之一（#RRGGBB）",
  },
  "label.contentRequired": { en: "fill content", zh: "请填写内容" },
  "label.tooLong": { en: "A label has at most {max} characters", zh: "标签最多 {max} 个字符" },
  "label.tooMany": { en: "An account has at most {max} labels", zh: "每个账号最多 {max} 个标签" },
  "label.notFound": { en: "Label {id} does not exist", zh: "标签 {id} 不存在" },
  "label.badIds": { en: "{field} must be a comma list of label ids", zh: "{field}必须是以逗号分隔的标签编号" },
  "label.created": { en: "new label created", zh: "新标签已创建" },
  "label.updated": { en: "label updated", zh: "标签已更新" },
  "label.deleted": { en: "label deleted", zh: "标签已删除" },
  // Issue 12: the consumption query and the order customer edit (domain/orderTools.ts names the fields).
  "orderTools.field.strStripeId": { en: "Appearance", zh: "外观" },
  "orderTools.field.strStripe": { en: "Appearance", zh: "外观" },
  "orderTools.field.strWidth": { en: "Cloth width", zh: "布幅宽" },
  "orderTools.field.strStripeWidth": { en: "Strip width", zh: "条宽" },
  "orderTools.field.strGridWidth": { en: "Grid size", zh: "格子大小" },
  "orderTools.field.strTwoClippingId": { en: "Cut twice", zh: "是否二次裁剪" },
  "orderTools.field.strTwoClipping": { en: "Cut twice", zh: "是否二次裁剪" },
  "orderTools.field.orderCode": { en: "Order number", zh: "订单号" },
  "orderTools.field.custName": { en: "Name", zh: "姓名" },
  "orderTools.field.shortName": { en: "Nickname", zh: "昵称" },
  "orderTools.field.height": { en: "Height", zh: "身高" },
  "orderTools.field.weight": { en: "Weight", zh: "体重" },
  "orderTools.number": { en: "{field} must be a number", zh: "{field}必须是数字" },
  "orderTools.range": { en: "{field} must be between {min} and {max}", zh: "{field}必须在 {min} 到 {max} 之间" },
  "orderTools.rangeUnit": {
    en: "{field} must be between {min} and {max} {unit}",
    zh: "{field}必须在 {min} 到 {max} {unit} 之间",
  },
  "orderTools.orderNotFound": { en: "Order {code} does not exist", zh: "订单 {code} 不存在" },
  "orderTools.appearanceNotFound": { en: "Appearance {id} does not exist", zh: "外观 {id} 不存在" },
  "orderTools.cutTwiceNotFound": { en: "Cut-twice entry {id} does not exist", zh: "二次裁剪选项 {id} 不存在" },
  "orderTools.cutTwiceMismatch": {
    en: "Cut twice {value} does not match entry {id}",
    zh: "二次裁剪的值 {value} 与选项 {id} 不符",
  },
  "orderTools.noMeasurements": {
    en: "The order has no measurements, so its fabric consumption cannot be computed",
    zh: "订单没有尺寸，无法计算用料",
  },
  "orderTools.noFabricUsage": {
    en: "The catalogue has no fabric usage for a piece of this order",
    zh: "目录中没有此订单某部件的用料",
  },
  "orderTools.queried": { en: "Consumption query submitted", zh: "用料查询已提交" },
  "orderTools.customerSaved": { en: "The order's customer was saved", zh: "订单客户已保存" },
  // The billing ledger and the allocation details (issue 22, server/modules/billing): the deal items.
  "billing.deal.1": { en: "Top-up", zh: "充值" },
  "billing.deal.2": { en: "Order payment", zh: "订单消费" },
  "billing.deal.3": { en: "Recharge", zh: "分配充值" },
  "billing.deal.4": { en: "Take back all", zh: "全部收回" },
  "billing.deal.5": { en: "Take back", zh: "部分收回" },
  "billing.deal.6": { en: "No limit", zh: "不限额" },
  "billing.deal.7": { en: "Refund", zh: "退款" },
  "billing.deal.8": { en: "Opening balance", zh: "期初余额" },
  "billing.deal.9": { en: "Correction", zh: "冲正" },
  "billing.from": { en: "From {name}", zh: "来自 {name}" },
  "billing.to": { en: "To {name}", zh: "转给 {name}" },
  "billing.sales": { en: "the house", zh: "平台" },
  "billing.topups": { en: "a top-up", zh: "充值" },
  "billing.statementTooLong": {
    en: "The statement holds more than {max} movements: choose a shorter period",
    zh: "对账单超过 {max} 条记录，请缩短日期范围",
  },
  "billing.export.sheet": { en: "Billing", zh: "账单" },
  "billing.export.dealDate": { en: "Date", zh: "日期" },
  "billing.export.dealType": { en: "Deal type", zh: "交易类型" },
  "billing.export.orderNo": { en: "Order number", zh: "订单号" },
  "billing.export.customer": { en: "Customer", zh: "客户" },
  "billing.export.category": { en: "Category", zh: "品类" },
  "billing.export.fabric": { en: "Fabric", zh: "面料" },
  "billing.export.amount": { en: "Quantity", zh: "数量" },
  "billing.export.price": { en: "Price", zh: "金额" },
  "billing.export.balance": { en: "Balance after", zh: "变动后余额" },
  "billing.export.moneyType": { en: "Currency", zh: "币种" },
  "billing.export.member": { en: "Account", zh: "账号" },
  "billing.export.remark": { en: "Remark", zh: "备注" },
  "billing.pdf.title": { en: "Account statement", zh: "账户对账单" },
  "billing.pdf.account": { en: "Account", zh: "账号" },
  "billing.pdf.period": { en: "Period", zh: "期间" },
  "billing.pdf.opening": { en: "Opening balance", zh: "期初余额" },
  "billing.pdf.closing": { en: "Closing balance", zh: "期末余额" },
  "billing.pdf.none": { en: "No movements in this period", zh: "此期间无交易" },
  "billing.pdf.balanceAfter": { en: "balance {balance}", zh: "余额 {balance}" },
  // The order details PDF (server/modules/orderDetails/pdf.ts): its headings and field labels.
  "pdf.title": { en: "Order details", zh: "订单详情" },
  "pdf.orderCode": { en: "Order number", zh: "订单号" },
  "pdf.orderName": { en: "Category", zh: "品类" },
  "pdf.fabric": { en: "Fabric", zh: "面料" },
  "pdf.pubDate": { en: "Order date", zh: "下单日期" },
  "pdf.sizeCategory": { en: "Measurement method", zh: "量体方式" },
  "pdf.sizeArea": { en: "Size area", zh: "号型区域" },
  "pdf.amount": { en: "Quantity", zh: "数量" },
  "pdf.price": { en: "Price", zh: "金额" },
  "pdf.status": { en: "Status", zh: "状态" },
  "pdf.orderType": { en: "Order type", zh: "订单类型" },
  "pdf.remark": { en: "Remark", zh: "备注" },
  "pdf.extras": { en: "Additional charges", zh: "附加费用" },
  "pdf.customer": { en: "Customer", zh: "客户" },
  "pdf.custName": { en: "Name", zh: "姓名" },
  "pdf.cusOrderCode": { en: "Customer order number", zh: "客户订单号" },
  "pdf.gender": { en: "Gender", zh: "性别" },
  "pdf.height": { en: "Height", zh: "身高" },
  "pdf.weight": { en: "Weight", zh: "体重" },
  "pdf.phone": { en: "Phone", zh: "电话" },
  "pdf.email": { en: "Email", zh: "邮箱" },
  "pdf.birthdate": { en: "Birth date", zh: "出生日期" },
  "pdf.piece": { en: "Garment", zh: "服装" },
  "pdf.style": { en: "Style", zh: "款式" },
  "pdf.shape": { en: "Fit", zh: "版型" },
  "pdf.sizes": { en: "Measurements", zh: "尺寸" },
  "pdf.crafts": { en: "Crafts", zh: "工艺" },
  "pdf.embroidery": { en: "Embroidery", zh: "绣字" },
  "pdf.special": { en: "Special body types", zh: "特殊体型" },
  "pdf.goods": { en: "Goods", zh: "商品" },
  "pdf.timeline": { en: "Timeline", zh: "订单记录" },
  "pdf.urgentAsked": { en: "Urgent production asked", zh: "已申请加急生产" },
  "pdf.remakeOf": { en: "Remake of", zh: "重做自" },
  "pdf.remadeAs": { en: "Remade as", zh: "已重做为" },
  "pdf.none": { en: "None", zh: "无" },
  // Issue 25: the message centre and the contact form.
  "message.notFound": { en: "Message {id} does not exist", zh: "消息 {id} 不存在" },
  "message.read": { en: "Marked as read", zh: "已标为已读" },
  "message.readAll": { en: "All messages marked as read", zh: "全部消息已标为已读" },
  "message.deleted": { en: "Message deleted", zh: "消息已删除" },
  "message.sender.system": { en: "System", zh: "系统" },
  "message.sender.production": { en: "Production", zh: "生产部" },
  "message.sender.service": { en: "Customer service", zh: "客服" },
  "message.orderPaid.title": { en: "Order {code} paid", zh: "订单 {code} 已支付" },
  "message.orderPaid.content": {
    en: "Order {code} was paid from your balance and sent to production.",
    zh: "订单 {code} 已从余额支付并进入生产。",
  },
  "message.orderFailed.title": { en: "Order {code} failed", zh: "订单 {code} 提交失败" },
  "message.orderFailed.content": {
    en: "Order {code} could not be submitted: {reason}. It waits in your pending orders.",
    zh: "订单 {code} 提交失败：{reason}。订单仍在待提交订单中。",
  },
  "message.orderCancelled.title": { en: "Order {code} cancelled", zh: "订单 {code} 已取消" },
  "message.orderCancelled.content": {
    en: "Order {code} was cancelled. A paid order's money is refunded to your balance.",
    zh: "订单 {code} 已取消。已支付订单的款项已退回余额。",
  },
  "message.orderProduction.title": { en: "Order {code}: {status}", zh: "订单 {code}：{status}" },
  "message.orderProduction.content": {
    en: "Order {code} moved on in production: {status}.",
    zh: "订单 {code} 的生产进度更新为：{status}。",
  },
  "message.orderShipped.title": { en: "Order {code} shipped", zh: "订单 {code} 已发货" },
  "message.orderShipped.content": {
    en: "Order {code} was shipped. {detail}",
    zh: "订单 {code} 已发货。{detail}",
  },
  "message.shipment.created.title": { en: "Shipment {code} created", zh: "发货单 {code} 已创建" },
  "message.shipment.created.content": {
    en: "Shipment {code} of {count, plural, one {# order} other {# orders}} was created; it waits until every order is finished.",
    zh: "发货单 {code}（{count, plural, other {# 个订单}}）已创建，全部订单完成后打包。",
  },
  "message.shipment.packed.title": { en: "Shipment {code} packed", zh: "发货单 {code} 已打包" },
  "message.shipment.packed.content": {
    en: "Every order of shipment {code} is finished: the parcel is packed and leaves on its ship date.",
    zh: "发货单 {code} 的订单已全部完成，包裹已打包，将于发货日期发出。",
  },
  "message.shipment.shipped.title": { en: "Shipment {code} shipped", zh: "发货单 {code} 已发货" },
  "message.shipment.shipped.content": {
    en: "Shipment {code} left with the carrier. Waybill {waybill}.",
    zh: "发货单 {code} 已交承运商。运单号 {waybill}。",
  },
  "message.shipment.delivered.title": { en: "Shipment {code} delivered", zh: "发货单 {code} 已签收" },
  "message.shipment.delivered.content": {
    en: "Shipment {code} was delivered (waybill {waybill}).",
    zh: "发货单 {code} 已签收（运单号 {waybill}）。",
  },
  "message.balance.title": { en: "{what} {amount}", zh: "{what} {amount}" },
  "message.balance.content": {
    en: "{what}: {amount}{reference}. Balance after: {balance}.",
    zh: "{what}：{amount}{reference}。变动后余额：{balance}。",
  },
  "message.balance.order": { en: "Order payment", zh: "订单付款" },
  "message.balance.refund": { en: "Refund", zh: "退款" },
  "message.balance.topup": { en: "Top-up", zh: "充值" },
  "message.balance.opening": { en: "Opening balance", zh: "期初余额" },
  "message.balance.reversal": { en: "Correction", zh: "冲正" },
  "message.balance.deposit": { en: "Deposit", zh: "存入" },
  "message.balance.sub_recharge": { en: "Sub-account recharge", zh: "子账号充值" },
  "message.balance.sub_take_back_all": { en: "Sub-account take back (all)", zh: "子账号全部收回" },
  "message.balance.sub_take_back": { en: "Sub-account take back", zh: "子账号收回" },
  "message.balance.sub_no_limit": { en: "Sub-account no limit", zh: "子账号不限额" },
  "contact.nameRequired": { en: "Please enter your name", zh: "请输入姓名" },
  "contact.nameTooLong": { en: "A name has at most {max} characters", zh: "姓名最多 {max} 个字符" },
  "contact.emailRequired": { en: "Please enter your e-mail", zh: "请输入邮箱" },
  "contact.emailFormat": { en: "incorrect format", zh: "格式不正确" },
  "contact.contentRequired": { en: "Please enter a message", zh: "请输入留言内容" },
  "contact.contentTooLong": { en: "A message has at most {max} characters", zh: "留言最多 {max} 个字符" },
  "contact.sent": { en: "Your message was sent", zh: "留言已发送" },
  "contact.queued": {
    en: "Your message was received; it will be delivered shortly",
    zh: "留言已收到，将尽快送达",
  },
  // Account centre and sub-accounts (issue 22).
  "login.disabled": { en: "This account is switched off", zh: "该账号已停用" },
  "account.disabled": { en: "This account is switched off and cannot pay", zh: "该账号已停用，无法付款" },
  "password.length": {
    en: "The new password must have {min} to {max} characters",
    zh: "新密码须为 {min} 至 {max} 个字符",
  },
  "password.sameAsOld": { en: "The new password must differ from the original", zh: "新密码不能与原密码相同" },
  "password.wrongOriginal": { en: "The original password is wrong", zh: "原密码错误" },
  "password.changed": { en: "Password changed, please sign in again", zh: "密码已修改，请重新登录" },
  "topUp.notFound": { en: "Top-up request {id} does not exist", zh: "充值申请 {id} 不存在" },
  "topUp.requested": { en: "Top-up requested", zh: "已提交充值申请" },
  "topUp.confirmed": { en: "Top-up confirmed", zh: "充值已到账" },
  "subAccount.notFound": { en: "Sub-account {id} does not exist", zh: "子账号 {id} 不存在" },
  "subAccount.notFoundByName": { en: "Sub-account {username} does not exist", zh: "子账号 {username} 不存在" },
  "distribution.badType": { en: "The type must be 3, 4, 5 or 6", zh: "类型必须为 3、4、5 或 6" },
  "distribution.badPrice": {
    en: "The price must be a positive amount with at most two decimals",
    zh: "金额须为正数，最多两位小数",
  },
  "distribution.overRecharge": {
    en: "Overstep: at most {available} can be recharged",
    zh: "超出：最多可充值 {available}",
  },
  "distribution.overTakeBack": {
    en: "Overstep: at most {available} can be taken back",
    zh: "超出：最多可收回 {available}",
  },
  "distribution.useTakeBackAll": {
    en: "This takes the whole balance: use type 4",
    zh: "此金额为全部余额：请使用类型 4",
  },
  "distribution.notWholeBalance": {
    en: "Type 4 takes the whole balance, and this amount is less: use type 5",
    zh: "类型 4 须收回全部余额，此金额较少：请使用类型 5",
  },
  "monthlyLimit.bad": {
    en: "The monthly limit must be an amount of 0 or more with at most two decimals, or none",
    zh: "每月限额须为 0 或以上、最多两位小数的金额，或不设限额",
  },
  "monthlyLimit.badTimeZone": { en: "{timeZone} is not a time zone", zh: "{timeZone} 不是有效的时区" },
  "monthlyLimit.set": { en: "Monthly limit saved", zh: "每月限额已保存" },
  "monthlyLimit.refused": {
    en: "Monthly spending limit {limit}: {left} left this month",
    zh: "每月消费限额 {limit}：本月剩余 {left}",
  },
  "monthlyLimit.reached": { en: "Over the monthly spending limit", zh: "超出每月消费限额" },
  // Shipments (issue 23)
  "shipment.noAuthority": { en: "Your account may not manage shipments", zh: "您的账号没有发货权限" },
  "shipment.notFound": { en: "Shipment {id} does not exist", zh: "发货单 {id} 不存在" },
  "shipment.ordersRequired": { en: "Please select at least one order", zh: "请至少选择一个订单" },
  "shipment.badOrderIds": {
    en: "orderIds must be a comma list of order ids",
    zh: "orderIds 必须是以逗号分隔的订单编号",
  },
  "shipment.tooManyOrders": { en: "A shipment holds at most {max} orders", zh: "一个发货单最多 {max} 个订单" },
  "shipment.dateRequired": { en: "Please choose a ship date", zh: "请选择发货日期" },
  "shipment.dateInvalid": { en: "The ship date is not a valid date", zh: "发货日期无效" },
  "shipment.datePast": { en: "The ship date cannot be in the past", zh: "发货日期不能早于今天" },
  "shipment.dateFixed": {
    en: "The ship date can no longer be changed: the parcel is packed",
    zh: "包裹已打包，发货日期不能再修改",
  },
  "shipment.addressRequired": { en: "Please choose a delivery address", zh: "请选择收货地址" },
  "shipment.addressNotFound": { en: "Address {id} does not exist", zh: "地址 {id} 不存在" },
  "shipment.remarkTooLong": { en: "A shipping note has at most {max} characters", zh: "发货备注最多 {max} 个字符" },
  "shipment.orderNotShippable": {
    en: "Order {code} cannot be shipped (not yours, not paid, cancelled or already shipped)",
    zh: "订单 {code} 不能发货（不是您的订单、未付款、已取消或已发货）",
  },
  "shipment.orderTaken": { en: "Order {code} is already in another shipment", zh: "订单 {code} 已在其他发货单中" },
  "shipment.notEditable": {
    en: "Shipment {code} has left and can no longer be changed",
    zh: "发货单 {code} 已发出，不能再修改",
  },
  "shipment.created": { en: "Shipment {code} created", zh: "发货单 {code} 已创建" },
  "shipment.updated": { en: "Shipment saved", zh: "发货单已保存" },
  "shipment.deleted": { en: "Shipment deleted", zh: "发货单已删除" },
  "shipment.pdf.title": { en: "Packing list", zh: "装箱单" },
  "shipment.pdf.code": { en: "Shipment", zh: "发货单" },
  "shipment.pdf.shipDate": { en: "Ship date", zh: "发货日期" },
  "shipment.pdf.printed": { en: "Printed on", zh: "打印日期" },
  "shipment.pdf.status": { en: "Status", zh: "状态" },
  "shipment.pdf.waybill": { en: "Waybill", zh: "运单号" },
  "shipment.pdf.remark": { en: "Note", zh: "备注" },
  "shipment.pdf.address": { en: "Delivery address", zh: "收货地址" },
  "shipment.pdf.contact": { en: "Contact", zh: "联系人" },
  "shipment.pdf.phone": { en: "Phone", zh: "电话" },
  "shipment.pdf.street": { en: "Address", zh: "地址" },
  "shipment.pdf.place": { en: "City, state, country", zh: "城市、州/省、国家" },
  "shipment.pdf.zip": { en: "Zip code", zh: "邮编" },
  "shipment.pdf.express": { en: "Express", zh: "快递" },
  "shipment.pdf.payment": { en: "Payment", zh: "付款方式" },
  "shipment.pdf.orders": { en: "Orders", zh: "订单" },
  "shipment.pdf.order": { en: "Order", zh: "订单" },
  "shipment.pdf.customer": { en: "Customer", zh: "客户" },
  "shipment.pdf.garment": { en: "Garment", zh: "品类" },
  "shipment.pdf.fabric": { en: "Fabric", zh: "面料" },
  "shipment.pdf.size": { en: "Size category", zh: "尺码类别" },
  "shipment.pdf.pieces": { en: "Pieces", zh: "件数" },
  "shipment.pdf.total": { en: "Pieces in the parcel", zh: "包裹总件数" },
  "shipment.status.10371": { en: "Waiting for orders", zh: "待齐货" },
  "shipment.status.10372": { en: "Packed", zh: "已打包" },
  "shipment.status.10033": { en: "Shipped", zh: "已发货" },
  "shipment.status.10034": { en: "Delivered", zh: "已签收" },
  "shipment.track.pickedUp": {
    en: "Picked up by {express}, waybill {waybill}",
    zh: "{express} 已揽收，运单号 {waybill}",
  },
  "shipment.track.departed": { en: "Departed the sorting centre", zh: "已离开分拣中心" },
  "shipment.track.inTransit": { en: "In transit to {country}", zh: "运往{country}途中" },
  "shipment.track.arrived": { en: "Arrived in {city}, out for delivery", zh: "已到达{city}，派送中" },
  "shipment.track.delivered": { en: "Delivered, signed for by {contact}", zh: "已签收，签收人 {contact}" },
  // Issue 23: delivery addresses (domain/addresses.ts names the refusals; ADDR-009..022).
  "address.expressRequired": { en: "Please choose the express company", zh: "请选择快递公司" },
  "address.expressTypeRequired": { en: "Please choose the express type", zh: "请选择快递类型" },
  "address.contactRequired": { en: "Please enter the contact", zh: "请输入联系人" },
  "address.phoneRequired": { en: "Please enter the phone number", zh: "请输入电话" },
  "address.phoneInvalid": {
    en: "The phone number may hold digits, spaces, + - ( ) and at least 5 digits",
    zh: "电话只能包含数字、空格和 + - ( )，且至少 5 位数字",
  },
  "address.emailInvalid": { en: "The e-mail address is in an incorrect format", zh: "邮箱格式不正确" },
  "address.countryRequired": { en: "Please choose the country", zh: "请选择国家" },
  "address.stateRequired": { en: "Please enter the state", zh: "请输入州/省" },
  "address.cityRequired": { en: "Please enter the city", zh: "请输入城市" },
  "address.addressRequired": { en: "Please enter address 1", zh: "请输入地址 1" },
  "address.zipRequired": { en: "Please enter the zip code", zh: "请输入邮编" },
  "address.payTypeRequired": { en: "Please choose the payment method", zh: "请选择付款方式" },
  "address.taxTypeRequired": { en: "Please choose the tariff payment method", zh: "请选择关税付款方式" },
  "address.tooLong": { en: "{field} has at most {max} characters", zh: "{field}最多 {max} 个字符" },
  "address.field.company": { en: "Company", zh: "公司" },
  "address.field.contact": { en: "Contact", zh: "联系人" },
  "address.field.phone": { en: "Phone", zh: "电话" },
  "address.field.email": { en: "E-mail", zh: "邮箱" },
  "address.field.provinceName": { en: "State", zh: "州/省" },
  "address.field.city": { en: "City", zh: "城市" },
  "address.field.address": { en: "Address 1", zh: "地址 1" },
  "address.field.zipcode": { en: "Zip code", zh: "邮编" },
  "address.field.payAccount": { en: "Payment account", zh: "付款账号" },
  "address.field.payZipcode": { en: "Payment account zip code", zh: "付款账号邮编" },
  "address.field.taxAccount": { en: "Tariff account", zh: "关税账号" },
  "address.field.taxZipcode": { en: "Tariff account zip code", zh: "关税账号邮编" },
  "address.field.remark": { en: "Remarks", zh: "备注" },
  "address.countryUnknown": { en: "Country {code} is not offered", zh: "不提供国家 {code}" },
  "address.stateUnknown": { en: "State {code} is not a state of this country", zh: "州/省 {code} 不属于该国家" },
  "address.cityUnknown": { en: "City {name} is not a city of this state", zh: "城市 {name} 不属于该州/省" },
  "address.expressUnknown": { en: "Express company {id} does not exist", zh: "快递公司 {id} 不存在" },
  "address.expressNotServing": {
    en: "{express} does not deliver to {country}",
    zh: "{express}不配送到{country}",
  },
  "address.expressTypeUnknown": { en: "Express type {id} does not exist", zh: "快递类型 {id} 不存在" },
  "address.payTypeUnknown": { en: "Payment method {id} does not exist", zh: "付款方式 {id} 不存在" },
  "address.tooMany": { en: "An account has at most {max} addresses", zh: "每个账号最多 {max} 个地址" },
  "address.notFound": { en: "Address {id} does not exist", zh: "地址 {id} 不存在" },
  "address.saved": { en: "Address saved", zh: "地址已保存" },
  "address.deleted": { en: "Address deleted", zh: "地址已删除" },
  "address.defaultSet": { en: "Default address set", zh: "已设为默认地址" },
  "server.error": { en: "Something went wrong on the server. Please try again.", zh: "服务器出错，请稍后再试。" },
  "server.tooLarge": { en: "The request is too large", zh: "请求内容过大" },
} as const satisfies Record<string, { en: string; zh: string }>;

export type MessageKey = keyof typeof messages;
/** Every message the server can answer with (the browser tests look for one left in the wrong language). */
export const messageKeys = Object.keys(messages) as MessageKey[];
export type Locale = "en" | "zh";
/** Every language the portal speaks. */
export const LOCALES: readonly Locale[] = ["en", "zh"];

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(messages, key);

/** Picks zh when Accept-Language prefers Chinese, otherwise en. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return "en";
  const first = acceptLanguage.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("zh") ? "zh" : "en";
}

/**
 * The messages are ICU messages, formatted by Lingui as the browser's catalogs are: `{name}` takes a
 * parameter, `{count, plural, one {# order} other {# orders}}` the form the language's plural rules pick
 * ("1 customer imported", "2 customers imported"). Each message is compiled once, on first use.
 */
const formatters = Object.fromEntries(
  LOCALES.map((locale) => {
    const i18n = setupI18n({
      locale,
      messages: { [locale]: Object.fromEntries(messageKeys.map((key) => [key, messages[key][locale]])) },
    });
    const compiled = new Map<string, ReturnType<typeof compileMessage>>();
    i18n.setMessagesCompiler((message) => {
      let result = compiled.get(message);
      if (!result) compiled.set(message, (result = compileMessage(message)));
      return result;
    });
    return [locale, i18n];
  }),
) as Record<Locale, I18n>;

/** A message as written, its parameters unfilled (the browser tests look for whole texts left in the wrong language). */
export const messageText = (locale: Locale, key: MessageKey): string => messages[key][locale];

/**
 * A text parameter's stand-in while Lingui formats: its index between two U+E000 (a private-use character
 * no message holds; a parameter may hold it, but a parameter is only ever in the result as its stand-in).
 */
const TOKEN = /\uE000(\d+)\uE000/g;

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  // Lingui decodes `\uXXXX` and `\xXX` in its whole result, parameters included: a text parameter (a CSV cell,
  // a validator's pattern) goes in as a stand-in and is put back as given. Numbers go in as they are (plurals).
  const texts: string[] = [];
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === "string" ? `\uE000${texts.push(value) - 1}\uE000` : value,
    ]),
  );
  return formatters[locale]._(key, values).replace(TOKEN, (_, index: string) => texts[Number(index)]!);
}

/**
 * PROD-044: request fields a refusal names by their label, not their API name (the consumption query's
 * fields, whose names say nothing to a tailor). Other fields are named as the contract spells them.
 */
const FIELD_LABELS: Readonly<Record<string, MessageKey>> = {
  strStripeId: "orderTools.field.strStripeId",
  strStripe: "orderTools.field.strStripe",
  strWidth: "orderTools.field.strWidth",
  strStripeWidth: "orderTools.field.strStripeWidth",
  strGridWidth: "orderTools.field.strGridWidth",
  strTwoClippingId: "orderTools.field.strTwoClippingId",
  strTwoClipping: "orderTools.field.strTwoClipping",
};

/** The name a refusal gives a request field in the caller's language: its label when it has one. */
export function fieldName(locale: Locale, field: string): string {
  const key = Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined;
  return key ? translate(locale, key) : field;
}
