#include "editor/interop/child_process.h"

#include <cstdio>
#include <cerrno>
#include <cstring>

#include "io/utf8_path.h"

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>
#else
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#endif

namespace wadsmith::interop {

#ifndef _WIN32

namespace {
void writeAll(int fd, const std::uint8_t* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;  // the parent is gone: nothing to tell
    p += w, n -= static_cast<std::size_t>(w);
  }
}
}  // namespace

ChildOutcome runForked(const std::function<std::vector<std::uint8_t>()>& work) {
  int fds[2];
  if (::pipe(fds) != 0) return {{}, std::string("no pipe: ") + std::strerror(errno)};
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]), ::close(fds[1]);
    return {{}, std::string("no process: ") + std::strerror(errno)};
  }
  if (pid == 0) {
    ::close(fds[0]);
    const auto answer = work();
    writeAll(fds[1], answer.data(), answer.size());
    ::_exit(0);  // no exit handlers: they belong to the parent
  }
  ::close(fds[1]);
  ChildOutcome out;
  std::uint8_t buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.answer.insert(out.answer.end(), buf, buf + n);
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status))
    out.failure = "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    out.failure = "exit code " + std::to_string(WEXITSTATUS(status));
  return out;
}

void writeAnswer(const std::vector<std::uint8_t>& bytes) {
  writeAll(STDOUT_FILENO, bytes.data(), bytes.size());
}

#else

ChildOutcome runProgram(const std::filesystem::path& exe, const std::vector<std::string>& args) {
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE readEnd = nullptr, writeEnd = nullptr;
  if (!CreatePipe(&readEnd, &writeEnd, &inherit, 0)) return {{}, "no pipe"};
  SetHandleInformation(readEnd, HANDLE_FLAG_INHERIT, 0);
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdOutput = writeEnd;
  si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
  si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
  // Each argument quoted (Windows file names hold no quote character).
  std::wstring line = L"\"" + exe.wstring() + L"\"";
  for (const auto& a : args) line += L" \"" + utf8Path(a).wstring() + L"\"";
  PROCESS_INFORMATION pi{};
  const BOOL started = CreateProcessW(exe.wstring().c_str(), line.data(), nullptr, nullptr, TRUE, CREATE_NO_WINDOW, nullptr,
                                      nullptr, &si, &pi);
  CloseHandle(writeEnd);
  if (!started) {
    CloseHandle(readEnd);
    return {{}, "could not start " + exe.filename().string() + " (error " + std::to_string(GetLastError()) + ")"};
  }
  ChildOutcome out;
  std::uint8_t buf[1 << 16];
  DWORD n = 0;
  while (ReadFile(readEnd, buf, sizeof buf, &n, nullptr) && n > 0) out.answer.insert(out.answer.end(), buf, buf + n);
  CloseHandle(readEnd);
  WaitForSingleObject(pi.hProcess, INFINITE);
  DWORD code = 0;
  GetExitCodeProcess(pi.hProcess, &code);
  CloseHandle(pi.hProcess), CloseHandle(pi.hThread);
  if (code != 0) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08lX", static_cast<unsigned long>(code));
    out.failure = std::string("exit code ") + hex;
  }
  return out;
}

void writeAnswer(const std::vector<std::uint8_t>& bytes) {
  _setmode(_fileno(stdout), _O_BINARY);
  std::fwrite(bytes.data(), 1, bytes.size(), stdout);
  std::fflush(stdout);
}

#endif

}  // namespace wadsmith::interop
