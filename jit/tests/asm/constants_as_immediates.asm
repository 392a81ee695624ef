function main (asm, 265 bytes)
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
    00060  push rbp
    00061  mov rbp,rsp
    00064  push rbx
    00065  push r12
    00067  push r13
    00069  push r14
    0006b  push r15
    0006d  mov r15,ADDR
    00077  mov [r15+30h],rdi
    0007e  push qword ptr [r15+28h]
    00085  mov r14,8
    0008f  mov r13,[r15+10h]
    00096  sub r13,[r15]
    0009d  lea rax,[0E2h]
    000a4  push rax
    000a5  mov [r15+28h],rsp
    000ac  sub rsp,8
    000b0  mov rdx,rsi
    000b3  sub rsp,10h
    000ba  mov rsi,[rdx]
    000c1  call 8
    000c6  xor edx,edx
    000c8  lea rsp,[rbp-30h]
    000cf  pop rcx
    000d0  mov [r15+28h],rcx
    000d7  pop r15
    000d9  pop r14
    000db  pop r13
    000dd  pop r12
    000df  pop rbx
    000e0  pop rbp
    000e1  ret
    000e2  lea rbp,[rsp+30h]
    000ea  mov edx,1
    000ef  lea rsp,[rbp-30h]
    000f6  pop rcx
    000f7  mov [r15+28h],rcx
    000fe  pop r15
    00100  pop r14
    00102  pop r13
    00104  pop r12
    00106  pop rbx
    00107  pop rbp
    00108  ret

