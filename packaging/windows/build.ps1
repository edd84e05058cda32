# Build the Windows installer: PyInstaller one-folder app (lvtu.exe windowed, lvtu-cli.exe for
# the terminal) → self-test → Inno Setup → dist\lvtu-<version>-windows-x64-setup.exe.
# Runs on a GitHub Windows runner (Inno Setup 6 is preinstalled there); it cannot run on the
# Linux build machine. Optional signing when WINDOWS_CERT_PFX_BASE64, WINDOWS_CERT_PASSWORD and
# WINDOWS_TIMESTAMP_URL are set (CI secrets; packaging/README.md).
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")
$py = if ($env:PYTHON) { $env:PYTHON } else { "python" }
$version = (& $py -c "import engine; print(engine.__version__)").Trim()
$env:LVTU_ICONS = Join-Path (Get-Location) "build\icons"
& $py packaging/render_icons.py $env:LVTU_ICONS | Out-Null
& $py -m PyInstaller --noconfirm --distpath build\windows\dist --workpath build\windows\work packaging\lvtu.spec
if ($LASTEXITCODE) { throw "PyInstaller failed" }
$app = "build\windows\dist\lvtu"
if ((& "$app\lvtu-cli.exe" --version) -ne "lvtu $version") { throw "--version is wrong" }
$env:QT_QPA_PLATFORM = "offscreen"
& "$app\lvtu-cli.exe" --selftest
if ($LASTEXITCODE) { throw "self-test failed" }
Remove-Item Env:QT_QPA_PLATFORM

function Sign([string[]]$files) {
  if (-not $env:WINDOWS_CERT_PFX_BASE64) { return }
  $pfx = Join-Path $env:RUNNER_TEMP "lvtu-sign.pfx"
  [IO.File]::WriteAllBytes($pfx, [Convert]::FromBase64String($env:WINDOWS_CERT_PFX_BASE64))
  try {
    & signtool sign /f $pfx /p $env:WINDOWS_CERT_PASSWORD /fd sha256 /td sha256 `
      /tr $env:WINDOWS_TIMESTAMP_URL $files
    if ($LASTEXITCODE) { throw "signtool failed" }
  } finally { Remove-Item $pfx }
}
Sign @("$app\lvtu.exe", "$app\lvtu-cli.exe")

$iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe"
& $iscc "/DAppVersion=$version" "/DSourceDir=$((Resolve-Path $app).Path)" `
  "/DIconFile=$env:LVTU_ICONS\lvtu.ico" "/O$((Resolve-Path .).Path)\dist" packaging\windows\lvtu.iss
if ($LASTEXITCODE) { throw "Inno Setup failed" }
Sign @("dist\lvtu-$version-windows-x64-setup.exe")
