#include "io/atomic_write.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

namespace berth::io {

std::string writeFileAtomically(const std::string& path, std::string_view data) {
    const std::string temp = path + ".tmp." + std::to_string(::getpid());
    auto fail = [&](const char* what) {
        const std::string reason = std::strerror(errno);
        std::remove(temp.c_str());
        return path + ": cannot " + what + ": " + reason;
    };
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return path + ": cannot create " + temp + ": " + std::strerror(errno);
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            ::close(fd);
            return fail("write");
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        ::close(fd);
        return fail("flush");
    }
    if (::close(fd) != 0) return fail("close");
    if (std::rename(temp.c_str(), path.c_str()) != 0) return fail("replace");
    return {};
}

}  // namespace berth::io
