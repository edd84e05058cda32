"""Hand-kept name tables for the gazetteer: nicknames, English names, famous scenic areas."""

from __future__ import annotations

# Every value names a division by its common short name (上海) or official name (桐乡市) as the
# china-region backbone spells it. Sources: common usage (city nicknames such as 魔都, 羊城 are
# in every Chinese travel guide) and the historical postal romanisations (Peking, Canton).

#: Chinese nicknames and abbreviations → common short name of the city or province.
ZH_ALIASES: dict[str, str] = {
    "魔都": "上海", "申城": "上海", "沪": "上海", "上海滩": "上海",
    "帝都": "北京", "京城": "北京", "北平": "北京", "燕京": "北京", "京": "北京",
    "杭城": "杭州", "姑苏": "苏州", "羊城": "广州", "穗": "广州", "花城": "广州",
    "鹏城": "深圳", "蓉城": "成都", "锦官城": "成都", "山城": "重庆", "渝": "重庆",
    "雾都": "重庆", "江城": "武汉", "金陵": "南京", "石头城": "南京", "津门": "天津",
    "津": "天津", "泉城": "济南", "春城": "昆明", "冰城": "哈尔滨", "鹭岛": "厦门",
    "星城": "长沙", "榕城": "福州", "岛城": "青岛", "邕城": "南宁", "绿城": "南宁",
    "筑城": "贵阳", "林城": "贵阳", "日光城": "拉萨", "古都西安": "西安", "长安城": "西安",
    "台湾": "台湾省", "湾湾": "台湾省",
}  # fmt: skip

#: English and historical romanised names (normalised: lowercase letters only) → short name.
EN_ALIASES: dict[str, str] = {
    "peking": "北京", "peiping": "北京", "canton": "广州", "amoy": "厦门", "nanking": "南京",
    "tsingtao": "青岛", "chungking": "重庆", "soochow": "苏州", "hangchow": "杭州",
    "tibet": "西藏", "innermongolia": "内蒙古", "hongkong": "香港", "macau": "澳门",
    "macao": "澳门", "taipei": "台北", "taiwan": "台湾省", "lhasa": "拉萨", "urumqi": "乌鲁木齐",
    "harbin": "哈尔滨", "hohhot": "呼和浩特", "kashgar": "喀什", "shaanxi": "陕西",
    "yellowmountain": "黄山", "yellowmountains": "黄山", "shangrila": "香格里拉",
    "westlake": "西湖", "greatwall": "八达岭", "forbiddencity": "故宫", "thebund": "外滩",
    "terracottaarmy": "兵马俑", "terracottawarriors": "兵马俑", "potalapalace": "布达拉宫",
    "mounttai": "泰山", "mounthua": "华山", "mountemei": "峨眉山", "mountlu": "庐山",
}  # fmt: skip

#: English display names where plain pinyin of the short name is wrong or unidiomatic.
EN_NAMES: dict[str, str] = {
    "西藏": "Tibet", "内蒙古": "Inner Mongolia", "香港": "Hong Kong", "澳门": "Macao",
    "陕西": "Shaanxi", "台北": "Taipei", "台湾省": "Taiwan", "乌鲁木齐": "Urumqi",
    "拉萨": "Lhasa", "哈尔滨": "Harbin", "呼和浩特": "Hohhot", "喀什": "Kashgar",
    "长治": "Changzhi", "朝阳": "Chaoyang", "单县": "Shanxian", "长春": "Changchun",
    "长沙": "Changsha", "重庆": "Chongqing", "厦门": "Xiamen", "六安": "Lu'an",
}  # fmt: skip

#: Famous scenic areas that are not divisions → (host division, English name or "" for pinyin).
#: The area takes its host's position (approximate; a covered destination has exact ones).
SCENIC: dict[str, tuple[str, str]] = {
    "乌镇": ("桐乡市", ""), "西塘": ("嘉善县", ""), "周庄": ("昆山市", ""),
    "同里": ("吴江市", ""), "宏村": ("黟县", ""), "西递": ("黟县", ""),
    "千岛湖": ("淳安县", "Qiandao Lake"), "莫干山": ("德清县", "Moganshan"),
    "普陀山": ("舟山市", "Mount Putuo"), "泰山": ("泰安市", "Mount Tai"),
    "华山": ("华阴市", "Mount Hua"), "庐山": ("九江市", "Mount Lu"),
    "五台山": ("五台县", "Mount Wutai"), "亚丁": ("稻城县", "Yading"),
    "稻城亚丁": ("稻城县", "Daocheng Yading"), "鼓浪屿": ("厦门市", "Gulangyu"),
    "长白山": ("安图县", "Changbai Mountain"), "三清山": ("玉山县", "Mount Sanqing"),
    "泸沽湖": ("宁蒗彝族自治县", "Lugu Lake"), "洱海": ("大理白族自治州", "Erhai Lake"),
    "莫高窟": ("敦煌市", "Mogao Caves"), "兵马俑": ("临潼区", "Terracotta Army"),
    "西湖": ("杭州市", "West Lake"), "外滩": ("黄浦区", "The Bund"),
    "故宫": ("北京市", "Forbidden City"), "八达岭": ("北京市", "Badaling Great Wall"),
    "布达拉宫": ("拉萨市", "Potala Palace"), "黄山风景区": ("黄山市", "Mount Huangshan"),
    "武功山": ("芦溪县", "Mount Wugong"), "崆峒山": ("崆峒区", "Mount Kongtong"),
}  # fmt: skip

#: Well-known cities and tourist counties preferred when several places share a name or a
#: pinyin (苏州 over 宿州, 婺源 over 五原).
PROMINENT = frozenset(
    """北京 上海 天津 重庆 广州 深圳 杭州 苏州 南京 成都 武汉 西安 长沙 郑州 济南 青岛 厦门 福州
    昆明 贵阳 南宁 桂林 三亚 海口 哈尔滨 长春 沈阳 大连 石家庄 太原 呼和浩特 合肥 南昌 兰州 西宁
    银川 乌鲁木齐 拉萨 丽江 大理 黄山 张家界 宁波 无锡 扬州 洛阳 香港 澳门 台北
    婺源 阳朔 凤凰 平遥 九寨沟 稻城 香格里拉 敦煌 峨眉山 武夷山 都江堰 西双版纳 景洪 腾冲
    北海 秦皇岛 承德 大同 泰安 曲阜 绍兴 嘉兴 舟山 湖州 安吉 桐庐 建德 淳安 黟县 歙县""".split()
)

#: Chinese names of the main airports (IATA → name without the city).
AIRPORT_ZH: dict[str, str] = {
    "PVG": "浦东国际机场", "SHA": "虹桥国际机场", "PEK": "首都国际机场", "PKX": "大兴国际机场",
    "CAN": "白云国际机场", "SZX": "宝安国际机场", "CTU": "双流国际机场", "TFU": "天府国际机场",
    "HGH": "萧山国际机场", "NKG": "禄口国际机场", "CKG": "江北国际机场", "WUH": "天河国际机场",
    "TXN": "屯溪国际机场", "XIY": "咸阳国际机场", "KMG": "长水国际机场", "WUX": "硕放国际机场",
    "TSN": "滨海国际机场", "TAO": "胶东国际机场", "XMN": "高崎国际机场", "CSX": "黄花国际机场",
    "SYX": "凤凰国际机场", "DCY": "稻城亚丁机场", "CGO": "新郑国际机场", "HRB": "太平国际机场",
}  # fmt: skip

#: Words that are also county short names (东方, 和平…): never taken as a place when scanning
#: free text without a cue such as 去/从/到.
COMMON_WORDS = frozenset(
    """东方 和平 新华 城关 长安 平安 永和 通道 大方 白云 光明 新城 红旗 前进 向阳 友好 胜利
    工农 东风 新兴 解放 复兴 城中 城东 城西 城北 城南 市中 河东 河西 江北 江南 南山 青山 天山
    新市 龙华 长寿 万安 安宁 和顺 永安 大安 长宁 永宁 安定 合作 团结 红星 文化 中心 东区 西区
    南区 北区 高新 开发 清河 太平 和谐 新区 开心 吉利 康乐 乐都 宁安 福山 寿光 海城 都安
    大通 安居 友谊 兴安 民和 普安 和龙 长城 金山 宝山 铁山 美兰 天元 天心 大观 丰满 永定""".split()
)
