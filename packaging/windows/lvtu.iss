; Inno Setup 6 script for Lvtu 旅途 (packaging/windows/build.ps1 passes the defines).
;   ISCC /DAppVersion=0.1.0 /DSourceDir=...\dist\lvtu /DIconFile=...\lvtu.ico /Odist lvtu.iss
#ifndef AppVersion
  #error Pass /DAppVersion=<version> (engine.__version__)
#endif
#ifndef SourceDir
  #error Pass /DSourceDir=<the PyInstaller one-folder app>
#endif

[Setup]
AppId={{5E0B7C3A-2F4D-4C8E-9B61-7A1D3E2F9C40}
AppName=Lvtu 旅途
AppVersion={#AppVersion}
AppVerName=Lvtu 旅途 {#AppVersion}
AppPublisher=Lvtu developers
DefaultDirName={autopf}\Lvtu
DefaultGroupName=Lvtu
DisableProgramGroupPage=yes
; Per-user by default (no admin prompt); the dialog offers "install for all users".
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputBaseFilename=lvtu-{#AppVersion}-windows-x64-setup
#ifdef IconFile
SetupIconFile={#IconFile}
#endif
UninstallDisplayIcon={app}\lvtu.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
; Simplified Chinese ships as an unofficial translation in most Inno Setup 6 releases.
#if FileExists(AddBackslash(CompilerPath) + "Languages\ChineseSimplified.isl")
Name: "zh_CN"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"
#elif FileExists(AddBackslash(CompilerPath) + "Languages\Unofficial\ChineseSimplified.isl")
Name: "zh_CN"; MessagesFile: "compiler:Languages\Unofficial\ChineseSimplified.isl"
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Lvtu 旅途"; Filename: "{app}\lvtu.exe"
Name: "{autodesktop}\Lvtu 旅途"; Filename: "{app}\lvtu.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\lvtu.exe"; Description: "{cm:LaunchProgram,Lvtu}"; Flags: nowait postinstall skipifsilent
