"""The built-in profiles' copy: one row per key (only keys the default deck lacks).

Each row is (key, comment, en, zh-Hans, ko). A plural row gives dicts: English {"one", "other"},
Chinese and Korean {"other"}. Edit here, then run build_profile_decks.py.
"""


def P(one, other):
    return {"one": one, "other": other}


def O(other):
    return {"other": other}


CHAT = [
    ("member.title", "Member screen: title.", "Membership", "会员订阅", "멤버십"),
    ("member.benefits.title", "Member screen: heading above the four benefits.", "Member benefits", "会员特权", "멤버 혜택"),
    ("member.plans.title", "Member screen: heading above the plans (sorted by price).", "Choose a plan", "选择套餐", "요금제 선택"),
    ("member.status.title", "Member status screen: title.", "Membership status", "会员状态", "멤버십 상태"),
    ("member.status.active", "Member status: %1$@ plan name, %2$@ expiry date (formatted).",
     "%1$@ · active until %2$@", "%1$@ · 有效期至 %2$@", "%1$@ · %2$@까지 이용 가능"),
    ("member.status.activeNoExpiry", "Member status without an expiry date: %@ plan name.",
     "%@ · active", "%@ · 已生效", "%@ · 이용 중"),
    ("member.status.none", "Member status: the user has no membership.",
     "You are not a member yet.", "您还不是会员。", "아직 멤버가 아닙니다."),
    ("member.terms", "Member screen: link under the buttons.", "Subscription terms", "订阅条款说明", "구독 약관"),
    ("applePay.button", "Member screen: the Apple Pay button. At most 16 columns.",
     "Buy · Apple Pay", "Apple Pay 购买", "Apple Pay 구입"),
    ("applePay.payTo", "Apple Pay sheet: %@ the merchant (app) name.", "Pay %@", "支付给 %@", "%@에 결제"),
    ("applePay.total", "Apple Pay sheet: %@ the total price.", "Total %@", "合计 %@", "합계 %@"),
    ("applePay.hint", "Apple Pay sheet: key hints. Keep Enter and Esc.",
     "Enter Pay with Face ID · Esc Cancel", "Enter 使用面容 ID 支付 · Esc 取消", "Enter Face ID로 결제 · Esc 취소"),
    ("applePay.authorized", "Apple Pay: the payment was authorised.", "Payment authorised.", "支付已授权。", "결제가 승인되었습니다."),
    ("applePay.cancelled", "Apple Pay: the user closed the sheet.",
     "Payment cancelled. Nothing was charged.", "已取消支付，未产生扣费。", "결제가 취소되었습니다. 청구된 금액이 없습니다."),
    ("applePay.failed", "Apple Pay: the payment failed; %@ the reason.",
     "Apple Pay could not complete the payment (%@).", "Apple Pay 无法完成支付（%@）。", "Apple Pay로 결제를 완료할 수 없습니다(%@)."),
    ("applePay.unavailable", "Apple Pay: the device has no card of a supported network.",
     "Apple Pay is not available on this device.", "此设备不支持 Apple Pay。", "이 기기에서는 Apple Pay를 사용할 수 없습니다."),
    ("guideline.3.1.1", "Copy check warning: Apple Pay offered for a digital subscription.",
     "Digital subscriptions must be sold through in-app purchase (App Store Review Guideline 3.1.1).",
     "数字订阅必须通过 App 内购买项目销售（App Store 审核指南 3.1.1）。",
     "디지털 구독은 앱 내 구입으로 판매해야 합니다(App Store 심사 지침 3.1.1)."),
]

VOIP = [
    ("voip.tier.free", "VoIP tier name.", "Free", "免费版", "무료"),
    ("voip.tier.basic", "VoIP tier name.", "Basic", "基础版", "베이직"),
    ("voip.tier.premium", "VoIP tier name.", "Premium", "高级版", "프리미엄"),
    ("voip.tier.business", "VoIP tier name.", "Business", "商业版", "비즈니스"),
    ("voip.feature.basicCalling", "VoIP feature name.", "Basic calling", "基础通话", "기본 통화"),
    ("voip.feature.limitedMinutes", "VoIP feature name (the free tier's capped minutes).", "Limited minutes", "有限通话时长", "제한된 통화 시간"),
    ("voip.feature.unlimitedDomestic", "VoIP feature name.", "Unlimited domestic calls", "国内无限通话", "국내 무제한 통화"),
    ("voip.feature.callRecording", "VoIP feature name.", "Call recording", "通话录音", "통화 녹음"),
    ("voip.feature.unlimitedInternational", "VoIP feature name.", "Unlimited international calls", "国际无限通话", "국제 무제한 통화"),
    ("voip.feature.videoCall", "VoIP feature name.", "Video calls", "视频通话", "영상 통화"),
    ("voip.feature.groupCall", "VoIP feature name.", "Group calls", "群组通话", "그룹 통화"),
    ("voip.feature.customRingtones", "VoIP feature name.", "Custom ringtones", "自定义铃声", "맞춤 벨소리"),
    ("voip.feature.allFeatures", "VoIP feature name (business tier).", "All features", "全部功能", "모든 기능"),
    ("voip.feature.prioritySupport", "VoIP feature name.", "Priority support", "优先支持", "우선 지원"),
    ("voip.feature.analytics", "VoIP feature name.", "Call analytics", "通话分析", "통화 분석"),
    ("voip.feature.apiAccess", "VoIP feature name.", "API access", "API 访问", "API 액세스"),
    ("voip.minutes.included", "Plan row: %lld minutes included each month.",
     P("%lld minute a month", "%lld minutes a month"), O("每月 %lld 分钟"), O("월 %lld분")),
    ("voip.minutes.unlimited", "Plan row: the tier has no minute cap.", "Unlimited minutes", "无限通话时长", "무제한 통화"),
    ("voip.minutes.remaining", "Usage screen: %lld minutes left this month.",
     P("%lld minute left this month", "%lld minutes left this month"), O("本月剩余 %lld 分钟"), O("이번 달 %lld분 남음")),
    ("voip.upgrade.title", "Upgrade prompt: title.", "Premium Feature", "高级功能", "프리미엄 기능"),
    ("voip.upgrade.message", "Upgrade prompt: %1$@ the feature, %2$@ the lowest tier that has it.",
     "%1$@ requires %2$@.", "使用%1$@需要订阅%2$@。", "%1$@ 기능은 %2$@ 요금제가 필요합니다."),
    ("voip.upgrade.cta", "Upgrade prompt: button. At most 16 columns.", "Upgrade", "升级", "업그레이드"),
    ("voip.ad.rewarded.offer", "Button: watch a rewarded ad for %lld free minutes.",
     P("Watch an ad for %lld free minute", "Watch an ad for %lld free minutes"), O("观看广告，免费获得 %lld 分钟"), O("광고 보고 %lld분 무료로 받기")),
    ("voip.ad.rewarded.granted", "Notice: a rewarded ad added %lld minutes.",
     P("You earned %lld free minute.", "You earned %lld free minutes."), O("你获得了 %lld 分钟免费通话时长。"), O("무료 통화 %lld분을 받았습니다.")),
    ("voip.ad.noFill", "Notice: no rewarded ad was available.",
     "No ad is available right now. Try again later.", "暂时没有可观看的广告，请稍后再试。", "지금은 볼 수 있는 광고가 없습니다. 나중에 다시 시도하세요."),
    ("voip.ad.dailyCap", "Notice: the daily number of rewarded ads is used up.",
     "You've watched today's ads. Come back tomorrow for more minutes.", "今天的广告已看完，明天再来领取通话时长。",
     "오늘 볼 수 있는 광고를 모두 보셨습니다. 내일 다시 통화 시간을 받으세요."),
    ("voip.ad.closedEarly", "Notice: the user closed the rewarded ad before the end.",
     "The ad was closed early, so no minutes were added.", "广告未看完，未增加通话时长。", "광고를 끝까지 보지 않아 통화 시간이 추가되지 않았습니다."),
    ("voip.ad.interstitial", "Interstitial ad after a call: label.", "Advertisement", "广告", "광고"),
    ("voip.ad.close", "Interstitial ad: key hint. Keep Esc.", "Esc Close ad", "Esc 关闭广告", "Esc 광고 닫기"),
    ("voip.usage.title", "Usage screen: title.", "This month's usage", "本月用量", "이번 달 사용량"),
    ("voip.usage.minutes", "Usage screen: %1$lld minutes used, %2$@ the allowance (a number or “unlimited”).",
     "Calls: %1$lld min of %2$@", "通话：%1$lld 分钟 / %2$@", "통화: %2$@ 중 %1$lld분"),
    ("voip.usage.data", "Usage screen: %1$@ GB used of %2$@ GB included.",
     "Data: %1$@ GB of %2$@ GB", "流量：%1$@ GB / %2$@ GB", "데이터: %2$@GB 중 %1$@GB"),
    ("voip.bill.minutes", "Bill line: %1$lld extra minutes × %2$@ rate = %3$@ charge.",
     "Extra minutes: %1$lld × %2$@ = %3$@", "超出通话：%1$lld 分钟 × %2$@ = %3$@", "추가 통화: %1$lld분 × %2$@ = %3$@"),
    ("voip.bill.data", "Bill line: %1$@ extra GB × %2$@ rate = %3$@ charge.",
     "Extra data: %1$@ GB × %2$@ = %3$@", "超出流量：%1$@ GB × %2$@ = %3$@", "추가 데이터: %1$@GB × %2$@ = %3$@"),
    ("voip.bill.total", "Bill line: %@ the month's overage total.", "Overage this month: %@", "本月超额费用：%@", "이번 달 초과 요금: %@"),
    ("voip.bill.none", "Bill line: nothing over the plan.", "No overage charges this month.", "本月没有超额费用。", "이번 달 초과 요금이 없습니다."),
    ("voip.receipt.cached", "Notice: receipt validation failed, the cached plan is used.",
     "Couldn't reach the server: showing your last validated plan.", "无法连接服务器：显示上次验证的套餐。",
     "서버에 연결할 수 없어 마지막으로 확인된 요금제를 표시합니다."),
]

TEMPLATES = [
    ("templates.title", "Template store: title.", "Templates", "模板", "템플릿"),
    ("templates.name.resume", "Template name.", "Résumé", "简历", "이력서"),
    ("templates.name.invoice", "Template name.", "Invoice", "发票", "청구서"),
    ("templates.name.wedding", "Template name.", "Wedding invitation", "婚礼请柬", "청첩장"),
    ("templates.name.pitchDeck", "Template name.", "Pitch deck", "融资路演", "피치 덱"),
    ("templates.buy", "Template row: buy button; %@ the price. At most 16 columns.", "Buy %@", "购买 %@", "%@ 구입"),
    ("templates.owned", "Template row: the template is owned (bought or Pro).", "Owned", "已拥有", "보유 중"),
    ("templates.unavailable", "Template row: purchasesEnabled is off.", "Unavailable", "暂不可购买", "구입 불가"),
    ("templates.pro.title", "Pro card: title.", "Templates Pro", "模板 Pro 会员", "템플릿 Pro"),
    ("templates.pro.body", "Pro card: what Pro gives.", "Every template, and new ones every month.", "全部模板，每月上新。", "모든 템플릿, 매달 새 템플릿 추가."),
    ("templates.outcome.templatePurchased", "Notice after buying a template: %@ its name.",
     "%@ is yours.", "%@ 已归你所有。", "%@ 템플릿을 구입했습니다."),
    ("templates.outcome.proActive", "Notice after buying Pro.",
     "Pro is active. Every template is unlocked.", "Pro 已生效，全部模板已解锁。", "Pro가 활성화되었습니다. 모든 템플릿이 잠금 해제되었습니다."),
    ("templates.outcome.cancelled", "Notice after the purchase sheet was cancelled.",
     "Purchase cancelled. Nothing was charged.", "已取消购买，未产生扣费。", "구입이 취소되었습니다. 청구된 금액이 없습니다."),
]

DECKS = {"chat": CHAT, "voip": VOIP, "templates": TEMPLATES}
