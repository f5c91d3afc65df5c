/** Messages the server returns, translated by Accept-Language (en default, zh). */
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
  "server.error": { en: "Something went wrong on the server. Please try again.", zh: "服务器出错，请稍后再试。" },
  "server.tooLarge": { en: "The request is too large", zh: "请求内容过大" },
} as const satisfies Record<string, { en: string; zh: string }>;

export type MessageKey = keyof typeof messages;
export type Locale = "en" | "zh";

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(messages, key);

/** Picks zh when Accept-Language prefers Chinese, otherwise en. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return "en";
  const first = acceptLanguage.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("zh") ? "zh" : "en";
}

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
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
