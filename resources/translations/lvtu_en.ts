<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../desktop/about.py" line="27"/>
        <source>About Lvtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="31"/>
        <source>Lvtu 旅途</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="32"/>
        <source>An offline-first trip planner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="65"/>
        <source>No data packs imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="71"/>
        <source>Bundled components</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="72"/>
        <source>Component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="73"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="74"/>
        <source>Licence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="75"/>
        <source>Data packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/about.py" line="76"/>
        <source>Qt is used under the GNU LGPL version 3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="120"/>
        <source>You could ask next:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="275"/>
        <source>Ask for a change, e.g. make day 1 more relaxed (Ctrl+Enter to send)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="277"/>
        <source>Where to? e.g. 3 days in Hangzhou from Shanghai (Ctrl+Enter to send)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="127"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="114"/>
        <source>+ New trip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="117"/>
        <source>Start a new trip; this plan stays in the library (Ctrl+N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="129"/>
        <source>Send (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="130"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="131"/>
        <source>Stop the running plan (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EditBar</name>
    <message>
        <location filename="../../desktop/widgets/edit_bar.py" line="43"/>
        <source>Add a place…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/edit_bar.py" line="54"/>
        <source>Undo (Ctrl+Z)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/edit_bar.py" line="57"/>
        <source>Redo (Ctrl+Shift+Z)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/edit_bar.py" line="90"/>
        <source>Where it fits</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InterruptedNotice</name>
    <message>
        <location filename="../../desktop/widgets/interrupted.py" line="29"/>
        <location filename="../../desktop/widgets/interrupted.py" line="56"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/interrupted.py" line="29"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/interrupted.py" line="55"/>
        <source>A plan was interrupted when Lvtu last closed: “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/widgets/interrupted.py" line="60"/>
        <source>%n plan(s) were interrupted when Lvtu last closed.</source>
        <translation>
            <numerusform>%n plan was interrupted when Lvtu last closed.</numerusform>
            <numerusform>%n plans were interrupted when Lvtu last closed.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/interrupted.py" line="61"/>
        <source>Resume all</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ItineraryPanel</name>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="34"/>
        <location filename="../../desktop/views/itinerary_panel.py" line="145"/>
        <source>No itinerary yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="38"/>
        <location filename="../../desktop/views/itinerary_panel.py" line="146"/>
        <source>Describe a trip on the left, or open one from the library.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="67"/>
        <source>Itinerary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="68"/>
        <source>Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="69"/>
        <source>Versions</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JobsView</name>
    <message>
        <location filename="../../desktop/views/jobs.py" line="31"/>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="32"/>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="33"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="34"/>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="35"/>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="36"/>
        <source>Interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="61"/>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="62"/>
        <source>Submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="63"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="64"/>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="65"/>
        <source>Latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="76"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="77"/>
        <source>Cancel job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="80"/>
        <source>Continue from its last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="86"/>
        <source>No jobs yet. Plans you ask for are made here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="127"/>
        <source>Stopped at quit; the itinerary is kept, the guide will be rewritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="129"/>
        <source>Stopped at quit; resume to finish it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="172"/>
        <source>Could not cancel the job; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="184"/>
        <source>This job cannot be resumed any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="78"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <location filename="../../desktop/views/library.py" line="57"/>
        <source>Search title or destination…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="66"/>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="67"/>
        <source>Dates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="68"/>
        <source>Days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="69"/>
        <source>People</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="70"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="71"/>
        <source>Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="81"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="82"/>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="83"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="85"/>
        <location filename="../../desktop/views/library.py" line="220"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="136"/>
        <source>writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="147"/>
        <source>Nothing matches “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="149"/>
        <source>No itineraries yet. Describe a trip in the Planner to make one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="177"/>
        <source>Duplicated as #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="198"/>
        <source>Restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="244"/>
        <source>Could not export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="247"/>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop/main_window.py" line="50"/>
        <location filename="../../desktop/main_window.py" line="279"/>
        <source>Lvtu 旅途</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="54"/>
        <source>Planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="55"/>
        <source>Itineraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="56"/>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="57"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="62"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="76"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="77"/>
        <source>&amp;New trip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="80"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="83"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="84"/>
        <source>&amp;About Lvtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="90"/>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="222"/>
        <source>Resumed %n plan(s).</source>
        <translation>
            <numerusform>Resumed %n plan.</numerusform>
            <numerusform>Resumed %n plans.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="258"/>
        <source>● %n job(s) running</source>
        <translation>
            <numerusform>● %n job running</numerusform>
            <numerusform>● %n jobs running</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="264"/>
        <source>Plan ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="264"/>
        <source>Plan failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="265"/>
        <source>Plan cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="267"/>
        <source>No change to the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="284"/>
        <source>Deleted “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="309"/>
        <source>Language changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="332"/>
        <source>Jobs are still running</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="333"/>
        <source>%n plan(s) are still being made.</source>
        <translation>
            <numerusform>%n plan is still being made.</numerusform>
            <numerusform>%n plans are still being made.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="334"/>
        <source>Keep them to finish at the next start, or cancel them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="336"/>
        <source>Keep for next start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="339"/>
        <source>Cancel jobs and quit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MapControls</name>
    <message>
        <location filename="../../desktop/map_controls.py" line="44"/>
        <source>Zoom in (or turn the wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/map_controls.py" line="45"/>
        <source>Zoom out (or turn the wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/map_controls.py" line="46"/>
        <source>Show the whole plan</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanEditing</name>
    <message>
        <location filename="../../desktop/views/plan_editing.py" line="181"/>
        <source>Could not start the change; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlannerView</name>
    <message>
        <location filename="../../desktop/views/planner.py" line="72"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="72"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="140"/>
        <source>Type where you want to go, or fill in the form.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="156"/>
        <source>(form)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="160"/>
        <source>This will be sent when the plan is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="183"/>
        <source>Could not start planning; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="194"/>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="229"/>
        <location filename="../../desktop/views/planner.py" line="236"/>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="252"/>
        <source>Opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="311"/>
        <source>This plan was interrupted before it was finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="313"/>
        <source>Resume it to finish it from where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="337"/>
        <source>Not sent: the plan was stopped.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RequestForm</name>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="29"/>
        <source>Nature</source>
        <extracomment>Interest tags offered (knowledge `ATTRACTION_TAGS`), with their source-language labels.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="30"/>
        <source>Mountains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="31"/>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="32"/>
        <source>Culture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="33"/>
        <source>Museums</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="34"/>
        <source>Gardens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="35"/>
        <source>Architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="36"/>
        <source>Food</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="58"/>
        <source>More options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="66"/>
        <source>e.g. 上海</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="67"/>
        <source>e.g. 黄山</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="68"/>
        <location filename="../../desktop/widgets/request_form.py" line="79"/>
        <location filename="../../desktop/widgets/request_form.py" line="85"/>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="69"/>
        <source>Start on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="81"/>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="86"/>
        <source>Relaxed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="87"/>
        <source>Normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="88"/>
        <source>Packed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="102"/>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="103"/>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="104"/>
        <source>Days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="105"/>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="106"/>
        <source>People</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="107"/>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="108"/>
        <source>Pace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="109"/>
        <source>Interests</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RichText</name>
    <message>
        <location filename="../../desktop/rich_text.py" line="121"/>
        <source>Open link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/rich_text.py" line="123"/>
        <source>Open this address in your web browser?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsView</name>
    <message>
        <location filename="../../desktop/views/settings.py" line="44"/>
        <source>Offline (no model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="47"/>
        <source>Other OpenAI-compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="55"/>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="57"/>
        <location filename="../../desktop/views/settings.py" line="61"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="59"/>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="60"/>
        <source>Base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="62"/>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="70"/>
        <location filename="../../desktop/views/settings.py" line="77"/>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="78"/>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="79"/>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="82"/>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="84"/>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="85"/>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="86"/>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="92"/>
        <source>(LVTU_HOME)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="92"/>
        <source>(default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="93"/>
        <source>Data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="102"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="103"/>
        <source>Data packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="144"/>
        <source>not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="146"/>
        <source>Works fully offline; no model is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="148"/>
        <location filename="../../desktop/views/settings.py" line="158"/>
        <source>The API key is stored in the system keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="162"/>
        <source>No system keyring is available: the API key is kept only for this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="166"/>
        <source>Settings saved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StopMenu</name>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="43"/>
        <source>Set the time of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="51"/>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="61"/>
        <source>Starts at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="62"/>
        <source>Stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="93"/>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="96"/>
        <source>Unlock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="98"/>
        <source>Lock here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="102"/>
        <source>Set time…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="106"/>
        <source>Eat somewhere else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="110"/>
        <source>Stay somewhere else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/stop_menu.py" line="119"/>
        <source>Regenerate day %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TargetChip</name>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="139"/>
        <source>Plan a new trip with the next message instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="153"/>
        <source>Changes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="155"/>
        <source>Your next message changes “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VersionsView</name>
    <message>
        <location filename="../../desktop/widgets/versions_view.py" line="43"/>
        <source>Restore this version</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
