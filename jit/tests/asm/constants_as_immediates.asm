function main (asm, 144 bytes)
    00000  jmp 0000000000000060h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: add
    00013  add rsi,5
; line 6: add
    00017  mov rcx,123456789h
    00021  add rsi,rcx
; line 7: print
    00024  mov rax,rsi
    00027  mov rsi,rax
    0002a  mov ecx,2
    0002f  mov rdi,[r15+30h]
    00033  mov rax,ADDR
    0003d  push r10
    0003f  push r11
    00041  call rax  ; jit_print
    00043  pop r11
    00045  pop r10
    00047  test rdx,rdx
    0004a  jne 000000000000005Bh
; line 8: ret
    00050  mov eax,0
    00056  mov rsp,rbp
    00059  pop rbp
    0005a  ret
; unwind to the entry from the interpreter
    0005b  mov rsp,[r15+28h]
    0005f  ret
; external entry (from the interpreter)
    00060  mov rax,ADDR
    0006a  mov rcx,8
    00074  lea r11,[8]
    0007b  jmp qword ptr [88h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00088  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

