from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from matches.forms import LoginForm

from . import pwa
from .health import health, health_full

# A server error: 503 with Retry-After while the database is unreachable (scorekeeper/errors.py).
handler500 = "scorekeeper.errors.server_error"

urlpatterns = [
    path("health", health, name="health"),
    path("health/full", health_full, name="health_full"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("accounts/logout/", pwa.LogoutView.as_view(), name="logout"),
    # Django's own views, in templates/registration: changing one's password keeps this phone logged in.
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("matches.urls")),
]
