<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../desktop/about.py" line="27"/>
        <source>About Lvtu</source>
        <translation>关于旅途</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="31"/>
        <source>Lvtu 旅途</source>
        <translation>旅途 Lvtu</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="32"/>
        <source>An offline-first trip planner.</source>
        <translation>离线优先的旅行规划工具。</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="65"/>
        <source>No data packs imported.</source>
        <translation>尚未导入数据包。</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="71"/>
        <source>Bundled components</source>
        <translation>内置组件</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="72"/>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="73"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="74"/>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="75"/>
        <source>Data packs</source>
        <translation>数据包</translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="76"/>
        <source>Qt is used under the GNU LGPL version 3.</source>
        <translation>Qt 依 GNU LGPL 第 3 版使用。</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="120"/>
        <source>You could ask next:</source>
        <translation>你还可以问：</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="275"/>
        <source>Ask for a change, e.g. make day 1 more relaxed (Ctrl+Enter to send)</source>
        <translation>说说要怎么改，例如：第一天轻松一点（Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="277"/>
        <source>Where to? e.g. 3 days in Hangzhou from Shanghai (Ctrl+Enter to send)</source>
        <translation>想去哪里？例如：上海出发去黄山玩两天（Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="127"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="114"/>
        <source>+ New trip</source>
        <translation>+ 新行程</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="117"/>
        <source>Start a new trip; this plan stays in the library (Ctrl+N)</source>
        <translation>开始一个新行程；当前行程保存在行程库里（Ctrl+N）</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="129"/>
        <source>Send (Ctrl+Enter)</source>
        <translation>发送（Ctrl+Enter）</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="130"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="131"/>
        <source>Stop the running plan (Esc)</source>
        <translation>停止正在进行的规划（Esc）</translation>
    </message>
</context>
<context>
    <name>EditBar</name>
    <message>
        <location filename="../../desktop/widgets/edit_bar.py" line="43"/>
        <source>Add a place…</source>
        <translation>添加地点…</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/edit_bar.py" line="54"/>
        <source>Undo (Ctrl+Z)</source>
        <translation>撤销（Ctrl+Z）</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/edit_bar.py" line="57"/>
        <source>Redo (Ctrl+Shift+Z)</source>
        <translation>重做（Ctrl+Shift+Z）</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/edit_bar.py" line="90"/>
        <source>Where it fits</source>
        <translation>放在合适的那天</translation>
    </message>
</context>
<context>
    <name>InterruptedNotice</name>
    <message>
        <location filename="../../desktop/widgets/interrupted.py" line="29"/>
        <location filename="../../desktop/widgets/interrupted.py" line="56"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/interrupted.py" line="29"/>
        <source>Dismiss</source>
        <translation>忽略</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/interrupted.py" line="55"/>
        <source>A plan was interrupted when Lvtu last closed: “%1”.</source>
        <translation>上次关闭旅途时，有一个行程没有做完：「%1」。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/widgets/interrupted.py" line="60"/>
        <source>%n plan(s) were interrupted when Lvtu last closed.</source>
        <translation>
            <numerusform>上次关闭旅途时，有 %n 个行程没有做完。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/interrupted.py" line="61"/>
        <source>Resume all</source>
        <translation>全部继续</translation>
    </message>
</context>
<context>
    <name>ItineraryPanel</name>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="34"/>
        <location filename="../../desktop/views/itinerary_panel.py" line="145"/>
        <source>No itinerary yet</source>
        <translation>还没有行程</translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="38"/>
        <location filename="../../desktop/views/itinerary_panel.py" line="146"/>
        <source>Describe a trip on the left, or open one from the library.</source>
        <translation>在左边描述你的旅行，或从行程库打开一个。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="67"/>
        <source>Itinerary</source>
        <translation>行程</translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="68"/>
        <source>Guide</source>
        <translation>攻略</translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="69"/>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
</context>
<context>
    <name>JobsView</name>
    <message>
        <location filename="../../desktop/views/jobs.py" line="31"/>
        <source>Queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="32"/>
        <source>Running</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="33"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="34"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="35"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="36"/>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="61"/>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="62"/>
        <source>Submitted</source>
        <translation>提交时间</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="63"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="64"/>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="65"/>
        <source>Latest</source>
        <translation>最新进展</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="76"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="77"/>
        <source>Cancel job</source>
        <translation>取消任务</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="80"/>
        <source>Continue from its last checkpoint</source>
        <translation>从上次的检查点继续</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="86"/>
        <source>No jobs yet. Plans you ask for are made here.</source>
        <translation>还没有任务。你要的行程会在这里生成。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="127"/>
        <source>Stopped at quit; the itinerary is kept, the guide will be rewritten</source>
        <translation>退出时中断；行程已保存，继续后重写攻略</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="129"/>
        <source>Stopped at quit; resume to finish it</source>
        <translation>退出时中断；点“继续”完成它</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="172"/>
        <source>Could not cancel the job; see the log.</source>
        <translation>无法取消任务，详见日志。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="184"/>
        <source>This job cannot be resumed any more.</source>
        <translation>这个任务已无法继续。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="78"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <location filename="../../desktop/views/library.py" line="57"/>
        <source>Search title or destination…</source>
        <translation>搜索标题或目的地…</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="66"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="67"/>
        <source>Dates</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="68"/>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="69"/>
        <source>People</source>
        <translation>人数</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="70"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="71"/>
        <source>Guide</source>
        <translation>攻略</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="81"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="82"/>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="83"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="85"/>
        <location filename="../../desktop/views/library.py" line="220"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="136"/>
        <source>writing…</source>
        <translation>撰写中…</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="147"/>
        <source>Nothing matches “%1”.</source>
        <translation>没有找到与「%1」相符的行程。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="149"/>
        <source>No itineraries yet. Describe a trip in the Planner to make one.</source>
        <translation>还没有行程。在“规划”里说说你想去哪儿，就能生成一个。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="177"/>
        <source>Duplicated as #%1</source>
        <translation>已复制为 #%1</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="198"/>
        <source>Restored</source>
        <translation>已恢复</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="244"/>
        <source>Could not export: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="247"/>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop/main_window.py" line="50"/>
        <location filename="../../desktop/main_window.py" line="279"/>
        <source>Lvtu 旅途</source>
        <translation>旅途 Lvtu</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="54"/>
        <source>Planner</source>
        <translation>规划</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="55"/>
        <source>Itineraries</source>
        <translation>行程库</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="56"/>
        <source>Jobs</source>
        <translation>任务</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="57"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="62"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="76"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="77"/>
        <source>&amp;New trip</source>
        <translation>新行程(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="80"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="83"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="84"/>
        <source>&amp;About Lvtu</source>
        <translation>关于旅途(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="90"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="222"/>
        <source>Resumed %n plan(s).</source>
        <translation>
            <numerusform>已继续 %n 个行程。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="258"/>
        <source>● %n job(s) running</source>
        <translation>
            <numerusform>● %n 个任务进行中</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="264"/>
        <source>Plan ready</source>
        <translation>行程已完成</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="264"/>
        <source>Plan failed</source>
        <translation>规划失败</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="265"/>
        <source>Plan cancelled</source>
        <translation>行程已取消</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="267"/>
        <source>No change to the plan</source>
        <translation>行程没有改动</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="284"/>
        <source>Deleted “%1”</source>
        <translation>已删除「%1」</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="309"/>
        <source>Language changed</source>
        <translation>语言已切换</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="332"/>
        <source>Jobs are still running</source>
        <translation>任务仍在进行</translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="333"/>
        <source>%n plan(s) are still being made.</source>
        <translation>
            <numerusform>还有 %n 个行程正在生成。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="334"/>
        <source>Keep them to finish at the next start, or cancel them?</source>
        <translation>保留到下次启动时继续完成，还是取消？</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="336"/>
        <source>Keep for next start</source>
        <translation>保留，下次启动继续</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="339"/>
        <source>Cancel jobs and quit</source>
        <translation>取消任务并退出</translation>
    </message>
</context>
<context>
    <name>MapControls</name>
    <message>
        <location filename="../../desktop/map_controls.py" line="44"/>
        <source>Zoom in (or turn the wheel)</source>
        <translation>放大（或滚动滚轮）</translation>
    </message>
    <message>
        <location filename="../../desktop/map_controls.py" line="45"/>
        <source>Zoom out (or turn the wheel)</source>
        <translation>缩小（或滚动滚轮）</translation>
    </message>
    <message>
        <location filename="../../desktop/map_controls.py" line="46"/>
        <source>Show the whole plan</source>
        <translation>显示整个行程</translation>
    </message>
</context>
<context>
    <name>PlanEditing</name>
    <message>
        <location filename="../../desktop/views/plan_editing.py" line="181"/>
        <source>Could not start the change; see the log.</source>
        <translation>没能开始修改，详情见日志。</translation>
    </message>
</context>
<context>
    <name>PlannerView</name>
    <message>
        <location filename="../../desktop/views/planner.py" line="72"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="72"/>
        <source>Dismiss</source>
        <translation>忽略</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="140"/>
        <source>Type where you want to go, or fill in the form.</source>
        <translation>请输入想去哪里，或填写表单。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="156"/>
        <source>(form)</source>
        <translation>（表单）</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="160"/>
        <source>This will be sent when the plan is ready.</source>
        <translation>行程做好后会自动发送。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="183"/>
        <source>Could not start planning; see the log.</source>
        <translation>无法开始规划，详见日志。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="194"/>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="229"/>
        <location filename="../../desktop/views/planner.py" line="236"/>
        <source>Working…</source>
        <translation>正在处理…</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="252"/>
        <source>Opened: %1</source>
        <translation>已打开：%1</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="311"/>
        <source>This plan was interrupted before it was finished.</source>
        <translation>这个行程在完成前被中断了。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="313"/>
        <source>Resume it to finish it from where it stopped.</source>
        <translation>点“继续”从中断处接着做完。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="337"/>
        <source>Not sent: the plan was stopped.</source>
        <translation>未发送：行程规划已停止。</translation>
    </message>
</context>
<context>
    <name>RequestForm</name>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="29"/>
        <source>Nature</source>
        <extracomment>Interest tags offered (knowledge `ATTRACTION_TAGS`), with their source-language labels.</extracomment>
        <translation>自然</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="30"/>
        <source>Mountains</source>
        <translation>山岳</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="31"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="32"/>
        <source>Culture</source>
        <translation>文化</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="33"/>
        <source>Museums</source>
        <translation>博物馆</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="34"/>
        <source>Gardens</source>
        <translation>园林</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="35"/>
        <source>Architecture</source>
        <translation>建筑</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="36"/>
        <source>Food</source>
        <translation>美食</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="58"/>
        <source>More options</source>
        <translation>更多选项</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="66"/>
        <source>e.g. 上海</source>
        <translation>例如：上海</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="67"/>
        <source>e.g. 黄山</source>
        <translation>例如：黄山</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="68"/>
        <location filename="../../desktop/widgets/request_form.py" line="79"/>
        <location filename="../../desktop/widgets/request_form.py" line="85"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="69"/>
        <source>Start on</source>
        <translation>指定出发日</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="81"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="86"/>
        <source>Relaxed</source>
        <translation>轻松</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="87"/>
        <source>Normal</source>
        <translation>适中</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="88"/>
        <source>Packed</source>
        <translation>紧凑</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="102"/>
        <source>From</source>
        <translation>出发地</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="103"/>
        <source>To</source>
        <translation>目的地</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="104"/>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="105"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="106"/>
        <source>People</source>
        <translation>人数</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="107"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="108"/>
        <source>Pace</source>
        <translation>节奏</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="109"/>
        <source>Interests</source>
        <translation>兴趣</translation>
    </message>
</context>
<context>
    <name>RichText</name>
    <message>
        <location filename="../../desktop/rich_text.py" line="121"/>
        <source>Open link</source>
        <translation>打开链接</translation>
    </message>
    <message>
        <location filename="../../desktop/rich_text.py" line="123"/>
        <source>Open this address in your web browser?</source>
        <translation>用浏览器打开这个地址吗？</translation>
    </message>
</context>
<context>
    <name>SettingsView</name>
    <message>
        <location filename="../../desktop/views/settings.py" line="44"/>
        <source>Offline (no model)</source>
        <translation>离线（不使用模型）</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="47"/>
        <source>Other OpenAI-compatible</source>
        <translation>其他 OpenAI 兼容接口</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="55"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="57"/>
        <location filename="../../desktop/views/settings.py" line="61"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="59"/>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="60"/>
        <source>Base URL</source>
        <translation>接口地址</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="62"/>
        <source>API key</source>
        <translation>API Key</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="70"/>
        <location filename="../../desktop/views/settings.py" line="77"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="78"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="79"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="82"/>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="84"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="85"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="86"/>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="92"/>
        <source>(LVTU_HOME)</source>
        <translation>（LVTU_HOME 指定）</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="92"/>
        <source>(default)</source>
        <translation>（默认位置）</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="93"/>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="102"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="103"/>
        <source>Data packs</source>
        <translation>数据包</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="144"/>
        <source>not needed</source>
        <translation>不需要</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="146"/>
        <source>Works fully offline; no model is used.</source>
        <translation>完全离线工作，不使用模型。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="148"/>
        <location filename="../../desktop/views/settings.py" line="158"/>
        <source>The API key is stored in the system keyring.</source>
        <translation>API Key 保存在系统密钥环中。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="162"/>
        <source>No system keyring is available: the API key is kept only for this session.</source>
        <translation>系统没有可用的密钥环：API Key 只在本次运行中保留。</translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="166"/>
        <source>Settings saved</source>
        <translation>设置已保存</translation>
    </message>
</context>
<context>
    <name>StopMenu</name>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="43"/>
        <source>Set the time of %1</source>
        <translation>设置%1的时间</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="51"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="61"/>
        <source>Starts at</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="62"/>
        <source>Stay</source>
        <translation>停留</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="93"/>
        <source>Remove %1</source>
        <translation>去掉%1</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="96"/>
        <source>Unlock</source>
        <translation>解除锁定</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="98"/>
        <source>Lock here</source>
        <translation>锁定在这里</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="102"/>
        <source>Set time…</source>
        <translation>设置时间…</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="106"/>
        <source>Eat somewhere else</source>
        <translation>换一家餐厅</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="110"/>
        <source>Stay somewhere else</source>
        <translation>换个住处</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="119"/>
        <source>Regenerate day %1</source>
        <translation>重新安排第%1天</translation>
    </message>
</context>
<context>
    <name>TargetChip</name>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="139"/>
        <source>Plan a new trip with the next message instead</source>
        <translation>改为用下一条消息规划新行程</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="153"/>
        <source>Changes: %1</source>
        <translation>修改：%1</translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="155"/>
        <source>Your next message changes “%1”.</source>
        <translation>你的下一条消息会修改「%1」。</translation>
    </message>
</context>
<context>
    <name>VersionsView</name>
    <message>
        <location filename="../../desktop/widgets/versions_view.py" line="43"/>
        <source>Restore this version</source>
        <translation>恢复这个版本</translation>
    </message>
</context>
</TS>
