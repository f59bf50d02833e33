from django.urls import path

from . import print_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("signup/", views.signup, name="signup"),
    path("players/", views.player_list, name="player_list"),
    path("players/<int:pk>/rename/", views.player_rename, name="player_rename"),
    path("players/<int:pk>/archive/", views.player_archive, name="player_archive"),
    path("matches/", views.match_list, name="match_list"),
    path("matches/new/", views.match_new, name="match_new"),
    path("matches/<int:pk>/", views.match_detail, name="match_detail"),
    path("matches/<int:pk>/deals/", views.deal_create, name="deal_create"),
    path("matches/<int:pk>/deals/<int:number>/edit/", views.deal_edit, name="deal_edit"),
    path("matches/<int:pk>/deals/<int:number>/delete/", views.deal_delete, name="deal_delete"),
    path("matches/<int:pk>/live/", views.match_live, name="match_live"),
    path("matches/<int:pk>/changes/<int:change>/undo/", views.change_undo, name="change_undo"),
    path("matches/<int:pk>/share/", views.match_share, name="match_share"),
    path("matches/<int:pk>/rules/", views.match_rules, name="match_rules"),
    path("matches/<int:pk>/export.json", views.match_export_json, name="match_export_json"),
    path("matches/<int:pk>/export.csv", views.match_export_csv, name="match_export_csv"),
    path("matches/<int:pk>/print/", print_views.match_print, name="match_print"),
    path("matches/import/", views.match_import, name="match_import"),
    path("join/<str:token>/", views.join, name="join"),
    path("sheets/", print_views.blank_sheets, name="blank_sheets"),
    path("sheets/<str:game>/", print_views.blank_sheet, name="blank_sheet"),
    path("evenings/", views.evening_list, name="evening_list"),
    path("evenings/<int:pk>/", views.evening_detail, name="evening_detail"),
    path("evenings/<int:pk>/payments/", views.payment_toggle, name="payment_toggle"),
    path("evenings/<int:pk>/publish/", views.evening_publish, name="evening_publish"),
    path("e/<str:token>/", views.evening_public, name="evening_public"),
]
