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
        <location filename="../../desktop/widgets/chat_pane.py" line="90"/>
        <source>You could ask next:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="228"/>
        <source>Ask for a change, e.g. make day 1 more relaxed (Ctrl+Enter to send)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="230"/>
        <source>Where to? e.g. 3 days in Hangzhou from Shanghai (Ctrl+Enter to send)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="97"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="84"/>
        <source>+ New trip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="87"/>
        <source>Start a new trip; this plan stays in the library (Ctrl+N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="99"/>
        <source>Send (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="100"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="101"/>
        <source>Stop the running plan (Esc)</source>
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
        <location filename="../../desktop/views/itinerary_panel.py" line="31"/>
        <location filename="../../desktop/views/itinerary_panel.py" line="131"/>
        <source>No itinerary yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="35"/>
        <location filename="../../desktop/views/itinerary_panel.py" line="132"/>
        <source>Describe a trip on the left, or open one from the library.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="54"/>
        <source>Itinerary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="55"/>
        <source>Guide</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JobsView</name>
    <message>
        <location filename="../../desktop/views/jobs.py" line="30"/>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="31"/>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="32"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="33"/>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="34"/>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="35"/>
        <source>Interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="60"/>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="61"/>
        <source>Submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="62"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="63"/>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="64"/>
        <source>Latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="75"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="76"/>
        <source>Cancel job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="79"/>
        <source>Continue from its last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="85"/>
        <source>No jobs yet. Plans you ask for are made here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="126"/>
        <source>Stopped at quit; the itinerary is kept, the guide will be rewritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="128"/>
        <source>Stopped at quit; resume to finish it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="171"/>
        <source>Could not cancel the job; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="183"/>
        <source>This job cannot be resumed any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="77"/>
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
        <location filename="../../desktop/views/library.py" line="241"/>
        <source>Could not export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="244"/>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop/main_window.py" line="48"/>
        <location filename="../../desktop/main_window.py" line="270"/>
        <source>Lvtu 旅途</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="52"/>
        <source>Planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="53"/>
        <source>Itineraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="54"/>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="55"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="60"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="74"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="75"/>
        <source>&amp;New trip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="78"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="81"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="82"/>
        <source>&amp;About Lvtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="88"/>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="215"/>
        <source>Resumed %n plan(s).</source>
        <translation>
            <numerusform>Resumed %n plan.</numerusform>
            <numerusform>Resumed %n plans.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="251"/>
        <source>● %n job(s) running</source>
        <translation>
            <numerusform>● %n job running</numerusform>
            <numerusform>● %n jobs running</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="257"/>
        <source>Plan ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="257"/>
        <source>Plan failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="258"/>
        <source>Plan cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="275"/>
        <source>Deleted “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="300"/>
        <source>Language changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="321"/>
        <source>Jobs are still running</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="322"/>
        <source>%n plan(s) are still being made.</source>
        <translation>
            <numerusform>%n plan is still being made.</numerusform>
            <numerusform>%n plans are still being made.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="323"/>
        <source>Keep them to finish at the next start, or cancel them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="325"/>
        <source>Keep for next start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="328"/>
        <source>Cancel jobs and quit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlannerView</name>
    <message>
        <location filename="../../desktop/views/planner.py" line="61"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="61"/>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="123"/>
        <source>Type where you want to go, or fill in the form.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="139"/>
        <source>(form)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="143"/>
        <source>This will be sent when the plan is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="166"/>
        <source>Could not start planning; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="177"/>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="212"/>
        <location filename="../../desktop/views/planner.py" line="219"/>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="234"/>
        <source>Opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="282"/>
        <source>This plan was interrupted before it was finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="284"/>
        <source>Resume it to finish it from where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="307"/>
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
    <name>SettingsView</name>
    <message>
        <location filename="../../desktop/views/settings.py" line="43"/>
        <source>Offline (no model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="46"/>
        <source>Other OpenAI-compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="54"/>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="56"/>
        <location filename="../../desktop/views/settings.py" line="60"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="58"/>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="59"/>
        <source>Base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="61"/>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="69"/>
        <location filename="../../desktop/views/settings.py" line="76"/>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="77"/>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="78"/>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="81"/>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="83"/>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="84"/>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="85"/>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="91"/>
        <source>(LVTU_HOME)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="91"/>
        <source>(default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="92"/>
        <source>Data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="101"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="102"/>
        <source>Data packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="143"/>
        <source>not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="145"/>
        <source>Works fully offline; no model is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="147"/>
        <location filename="../../desktop/views/settings.py" line="157"/>
        <source>The API key is stored in the system keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="161"/>
        <source>No system keyring is available: the API key is kept only for this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="165"/>
        <source>Settings saved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TargetChip</name>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="137"/>
        <source>Plan a new trip with the next message instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="151"/>
        <source>Changes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chips.py" line="153"/>
        <source>Your next message changes “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
