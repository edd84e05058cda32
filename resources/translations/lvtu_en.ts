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
        <location filename="../../desktop/widgets/chat_pane.py" line="76"/>
        <source>You could ask next:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="83"/>
        <source>Where to? e.g. 上海出发去黄山玩两天 (Ctrl+Enter to send)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="86"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="88"/>
        <source>Send (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="89"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/chat_pane.py" line="90"/>
        <source>Stop the running plan (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FeasibilityBar</name>
    <message>
        <location filename="../../desktop/widgets/badges.py" line="39"/>
        <source>Not checked yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/widgets/badges.py" line="48"/>
        <source>✓ Feasible — all %n check(s) passed</source>
        <translation>
            <numerusform>✓ Feasible — the check passed</numerusform>
            <numerusform>✓ Feasible — all %n checks passed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/widgets/badges.py" line="52"/>
        <source>✓ Feasible, %n warning(s)</source>
        <translation>
            <numerusform>✓ Feasible, %n warning</numerusform>
            <numerusform>✓ Feasible, %n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/widgets/badges.py" line="55"/>
        <source>✗ Not feasible: %n check(s) failed</source>
        <translation>
            <numerusform>✗ Not feasible: %n check failed</numerusform>
            <numerusform>✗ Not feasible: %n checks failed</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/badges.py" line="59"/>
        <source>Day %1: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/badges.py" line="62"/>
        <source>What to relax: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ItineraryPanel</name>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="26"/>
        <location filename="../../desktop/views/itinerary_panel.py" line="104"/>
        <source>No itinerary yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="30"/>
        <location filename="../../desktop/views/itinerary_panel.py" line="105"/>
        <source>Describe a trip on the left, or open one from the library.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="47"/>
        <source>Itinerary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="48"/>
        <source>Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/views/itinerary_panel.py" line="75"/>
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/views/itinerary_panel.py" line="76"/>
        <source>%n traveller(s)</source>
        <translation>
            <numerusform>%n traveller</numerusform>
            <numerusform>%n travellers</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="77"/>
        <source>about %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/itinerary_panel.py" line="79"/>
        <source>version %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JobsView</name>
    <message>
        <location filename="../../desktop/views/jobs.py" line="29"/>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="30"/>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="31"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="32"/>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="33"/>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="34"/>
        <source>Interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="59"/>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="60"/>
        <source>Submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="61"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="62"/>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="63"/>
        <source>Latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="74"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="75"/>
        <source>Cancel job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="78"/>
        <source>Continue from its last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="122"/>
        <source>Stopped at quit; the itinerary is kept, the guide will be rewritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="124"/>
        <source>Stopped at quit; resume to finish it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="167"/>
        <source>Could not cancel the job; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="177"/>
        <source>This job cannot be resumed any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/jobs.py" line="76"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <location filename="../../desktop/views/library.py" line="53"/>
        <source>Search title or destination…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="58"/>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="59"/>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="60"/>
        <source>Days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="61"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="62"/>
        <source>Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="70"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="71"/>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="72"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="74"/>
        <location filename="../../desktop/views/library.py" line="177"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="114"/>
        <source>writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="138"/>
        <source>Duplicated as #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="159"/>
        <source>Restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="199"/>
        <source>Could not export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/library.py" line="201"/>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop/main_window.py" line="45"/>
        <location filename="../../desktop/main_window.py" line="205"/>
        <source>Lvtu 旅途</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="50"/>
        <source>Planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="51"/>
        <source>Itineraries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="52"/>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="53"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="58"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="68"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="69"/>
        <source>&amp;About Lvtu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="75"/>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="186"/>
        <source>● %n job(s) running</source>
        <translation>
            <numerusform>● %n job running</numerusform>
            <numerusform>● %n jobs running</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="192"/>
        <source>Plan ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="192"/>
        <source>Plan failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="193"/>
        <source>Plan cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="210"/>
        <source>Deleted “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="248"/>
        <source>Jobs are still running</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../desktop/main_window.py" line="249"/>
        <source>%n plan(s) are still being made.</source>
        <translation>
            <numerusform>%n plan is still being made.</numerusform>
            <numerusform>%n plans are still being made.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="250"/>
        <source>Keep them to finish at the next start, or cancel them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="252"/>
        <source>Keep for next start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="255"/>
        <source>Cancel jobs and quit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Modes</name>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="38"/>
        <source>Walk</source>
        <extracomment>Colour and one-character glyph per transport mode or item kind. Day colours for the map and the timeline (colour-blind friendly, Okabe–Ito order).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="39"/>
        <source>Metro</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="40"/>
        <source>Bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="41"/>
        <source>Taxi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="42"/>
        <source>High-speed rail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="43"/>
        <source>Train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="44"/>
        <source>Flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="45"/>
        <source>Coach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="46"/>
        <source>Cable car</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="47"/>
        <source>Sight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="48"/>
        <source>Meal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/icons.py" line="49"/>
        <source>Lodging</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlannerView</name>
    <message>
        <location filename="../../desktop/views/planner.py" line="82"/>
        <source>Type where you want to go, or fill in the form.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="93"/>
        <source>(form)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="97"/>
        <source>This will be sent when the plan is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="114"/>
        <source>Could not start planning; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="125"/>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="157"/>
        <location filename="../../desktop/views/planner.py" line="163"/>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="177"/>
        <source>Opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/planner.py" line="232"/>
        <source>Not sent: the plan was stopped.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../../desktop/bridge.py" line="86"/>
        <source>Interrupted; resume it from Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="91"/>
        <source>Resuming: the itinerary is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="93"/>
        <source>Resuming from the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="97"/>
        <source>Itinerary ready: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="103"/>
        <source>Feasibility: all checks passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="105"/>
        <source>Feasibility: %1 check(s) need attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="110"/>
        <source>Guide written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="116"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="117"/>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/bridge.py" line="118"/>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RequestForm</name>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="23"/>
        <source>Nature</source>
        <extracomment>Interest tags offered (knowledge `ATTRACTION_TAGS`), with their source-language labels.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="24"/>
        <source>Mountains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="25"/>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="26"/>
        <source>Culture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="27"/>
        <source>Museums</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="28"/>
        <source>Gardens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="29"/>
        <source>Architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="30"/>
        <source>Food</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="48"/>
        <source>More options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="56"/>
        <source>e.g. 上海</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="57"/>
        <source>e.g. 黄山</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="58"/>
        <location filename="../../desktop/widgets/request_form.py" line="69"/>
        <location filename="../../desktop/widgets/request_form.py" line="75"/>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="59"/>
        <source>Start on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="71"/>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="76"/>
        <source>Relaxed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="77"/>
        <source>Normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="78"/>
        <source>Packed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="96"/>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="97"/>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="98"/>
        <source>Days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="99"/>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="100"/>
        <source>People</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="101"/>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="102"/>
        <source>Pace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/widgets/request_form.py" line="103"/>
        <source>Interests</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsView</name>
    <message>
        <location filename="../../desktop/views/settings.py" line="39"/>
        <source>Offline (no model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="42"/>
        <source>Other OpenAI-compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="50"/>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="52"/>
        <location filename="../../desktop/views/settings.py" line="56"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="54"/>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="55"/>
        <source>Base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="57"/>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="62"/>
        <location filename="../../desktop/views/settings.py" line="69"/>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="70"/>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="71"/>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="74"/>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="76"/>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="77"/>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="78"/>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="84"/>
        <source>(LVTU_HOME)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="84"/>
        <source>(default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="85"/>
        <source>Data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="94"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="95"/>
        <source>Data packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="130"/>
        <source>not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="132"/>
        <source>Works fully offline; no model is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="134"/>
        <location filename="../../desktop/views/settings.py" line="144"/>
        <source>The API key is stored in the system keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="148"/>
        <source>No system keyring is available: the API key is kept only for this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="152"/>
        <source>Settings saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/views/settings.py" line="158"/>
        <source>The language changes at the next start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../../desktop/widgets/timeline.py" line="115"/>
        <source>Day %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
